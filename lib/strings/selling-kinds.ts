// pt-BR texts: what the product and tip kinds say (one part of lib/strings;
// see its index). A module of its own: the kinds' looks and schemas are in
// every dashboard page's script, and a strings module goes there whole
// (/dashboard's script budget, scripts/analyze.mjs).

/**
 * What the blocks' looks say (the dashboard's words for each kind, the public
 * page's).
 */
export const sellingLookStrings = {
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
  buy: "Comprar",
  soldOut: "Esgotado",
  paused: "Venda pausada",
  otherAmount: "Outro valor",
  tipWith: (amount: string) => `Apoiar com ${amount}`,
};

/** The blocks' data messages (the API's and the editors' refusals; the kinds' schemas are in every dashboard page's script too). */
export const sellingDataStrings = {
  descriptionMax: "A descrição pode ter no máximo 500 caracteres",
  invalidPrice: "Preço inválido: use de R$ 1,00 a R$ 10.000,00",
  invalidDelivery: "Escolha como o produto é entregue: arquivo ou link",
  invalidDeliveryUrl: "Informe um endereço https:// válido",
  invalidStock: "Estoque inválido: use de 1 a 100.000 unidades",
  amountsCount: "Informe de 1 a 3 valores",
  invalidTipAmount: "Valor inválido: use de R$ 1,00 a R$ 10.000,00",
  invalidAllowCustom: "Valor inválido para 'outro valor'",
};
