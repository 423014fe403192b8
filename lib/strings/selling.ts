// pt-BR texts: selling with Pix (one part of lib/strings; see its index).
// Each part of the feature adds its own keys here.

export const sellingStrings = {
  /** The OAuth callback's refusal: a bad, used, expired or foreign `state` (api.md, Selling with Pix). */
  invalidConnection: "Conexão inválida, tente de novo",
  /** Mercado Pago failed or did not answer while connecting. */
  connectUnavailable: "O Mercado Pago não respondeu, tente de novo",
  mail: {
    disconnectedSubject: (page: string) => `As vendas de ${page} estão pausadas`,
    disconnectedText: (page: string) =>
      `O Mercado Pago não renovou o acesso da página ${page} à sua conta, e a conta foi desconectada. Os produtos continuam na página, mas os botões dizem 'Venda pausada' até você conectar a conta de novo:`,
  },
};

/** The product and tip blocks (their data's messages, the public page's words, their editors, the product's file). */
export const sellingBlocksStrings = {
  // The dashboard's words for each kind.
  addProductTitle: "Adicionar produto",
  addProductSubtitle: "Venda um arquivo ou um acesso por Pix: quem compra recebe na hora.",
  editProductTitle: "Editar produto",
  productBadge: "Produto",
  productAdded: "Produto adicionado com sucesso",
  addTipTitle: "Adicionar gorjeta",
  addTipSubtitle: "Receba apoios por Pix, com valores que você sugere.",
  editTipTitle: "Editar gorjeta",
  tipBadge: "Gorjeta",
  tipAdded: "Gorjeta adicionada com sucesso",
  // The data's messages (the API and the editors).
  descriptionMax: "A descrição pode ter no máximo 500 caracteres",
  invalidPrice: "Preço inválido: use de R$ 1,00 a R$ 10.000,00",
  invalidDelivery: "Escolha como o produto é entregue: arquivo ou link",
  invalidDeliveryUrl: "Informe um endereço https:// válido",
  invalidStock: "Estoque inválido: use de 1 a 100.000 unidades",
  amountsCount: "Informe de 1 a 3 valores",
  invalidTipAmount: "Valor inválido: use de R$ 1,00 a R$ 10.000,00",
  invalidAllowCustom: "Valor inválido para 'outro valor'",
  // The public page.
  buy: "Comprar",
  soldOut: "Esgotado",
  paused: "Venda pausada",
  otherAmount: "Outro valor",
  tipWith: (amount: string) => `Apoiar com ${amount}`,
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
