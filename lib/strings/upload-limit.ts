// pt-BR text: the refusal of a body too large, on its own so that the browser's
// API client (lib/client/api.ts, in every page's first script) can name it
// without carrying all of imagesStrings.

export const uploadTooLargeText = "Arquivo muito grande. A imagem deve ter no máximo 5MB.";
