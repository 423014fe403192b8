// pt-BR texts: the product and tip blocks' editors and the product's file (one
// part of lib/strings; see its index). What the kinds themselves say is in
// selling-kinds.ts, the checkout's, orders' and e-mails' in selling.ts.

/** The product and tip blocks' editors and the product's file (the dashboard's add and edit screens, the upload route). */
export const sellingBlocksStrings = {
  // The editors.
  productTitleLabel: "Nome do produto",
  productTitlePlaceholder: "E-book de receitas",
  descriptionLabel: "Descrição (opcional)",
  priceLabel: "Preço",
  priceHint: "Em reais, de R$ 1,00 a R$ 10.000,00.",
  pricePlaceholder: "29,90",
  deliveryLabel: "Como quem compra recebe",
  deliveryFile: "Um arquivo para baixar",
  deliveryFileHint: "PDF, ZIP, EPUB, MP3, MP4, JPEG, PNG ou WebP, até 50 MB.",
  deliveryLink: "Um link",
  deliveryLinkHint: "O acesso a um curso, a um grupo, a uma agenda.",
  deliveryUrlLabel: "Endereço entregue após o pagamento",
  deliveryUrlHint: "Só quem pagou vê este endereço.",
  stockLabel: "Estoque (opcional)",
  stockHint: "Deixe em branco para vender sem limite.",
  imageNote: "Depois de salvar, você pode pôr uma imagem do produto.",
  tipTitleLabel: "Texto do bloco",
  tipTitlePlaceholder: "Apoie meu trabalho",
  amountLabel: (n: number) => `Valor ${n}`,
  amountsHint: "De 1 a 3 valores, de R$ 1,00 a R$ 10.000,00. Deixe em branco os que não quiser.",
  allowCustomLabel: "Deixar escolher outro valor",
  allowCustomHint: "Quem apoia pode digitar um valor de R$ 1,00 a R$ 10.000,00.",
  // The product's file.
  fileLabel: "Arquivo do produto",
  fileHint: "Até 50 MB. Fica guardado em sigilo: só quem pagou baixa.",
  fileNone: "Nenhum arquivo enviado ainda.",
  fileAfterSave: "Salve o produto para enviar o arquivo.",
  filePick: "Enviar arquivo",
  fileReplace: "Trocar arquivo",
  fileSending: "Enviando…",
  fileSaved: "Arquivo enviado",
  fileFailed: "Não foi possível enviar o arquivo",
  fileCurrent: (name: string, size: string) => `${name} (${size})`,
  fileMissing: "Selecione um arquivo",
  fileTooLarge: "O arquivo pode ter no máximo 50 MB",
  fileTypeRefused: "Tipo de arquivo não aceito: envie PDF, ZIP, EPUB, MP3, MP4, JPEG, PNG ou WebP",
  fileNotForLink: "Este produto é entregue por link: ele não tem arquivo",
  fileStoreFailed: "Não foi possível guardar o arquivo, tente de novo",
};
