// pt-BR texts: images (one part of lib/strings; see its index).

import { uploadTooLargeText } from "./upload-limit";

export const imagesStrings = {
  invalidTypeTitle: "Formato inválido",
  invalidTypeText: "Por favor, selecione uma imagem válida (JPEG, PNG, etc).",
  tooLargeTitle: "Arquivo muito grande",
  tooLargeText: "A imagem deve ter no máximo 5MB.",
  unsupported: "Formato inválido. Envie uma imagem JPEG, PNG, WebP ou GIF.",
  tooLarge: uploadTooLargeText,
  tooManyPixels: "A imagem tem dimensões grandes demais: o máximo é 40 megapixels.",
  missingFile: "Selecione uma imagem.",
  notMultipart: "Envie a imagem como multipart/form-data.",
  storageFailed: "Não foi possível salvar a imagem agora. Tente novamente em instantes.",
  tooManyUploads: "Muitos envios de imagem em pouco tempo. Aguarde alguns minutos e tente novamente.",
} as const;
