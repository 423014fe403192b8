// pt-BR texts: 'Vendas', the creator's sales screen (api.md, The creator's
// sales). Apart from selling.ts (the checkout's and e-mails' words) so the
// screen's script carries only its own.

export const salesStrings = {
  title: "Vendas",
  subtitle: "Seus pedidos pagos com Pix, direto na sua conta do Mercado Pago.",
  back: "Voltar ao painel",
  connectionTitle: "Conta do Mercado Pago",
  notConnected: "Conecte sua conta do Mercado Pago para vender produtos e receber gorjetas com Pix. O dinheiro cai direto na sua conta.",
  connect: "Conectar Mercado Pago",
  connected: (sellerId: string, date: string) => `Conectada (vendedor ${sellerId}) desde ${date}.`,
  disconnect: "Desconectar",
  disconnectTitle: "Desconectar o Mercado Pago?",
  disconnectText: "As vendas param na hora: os produtos continuam na página, mas os botões passam a dizer 'Venda pausada' até você conectar de novo.",
  disconnected: "Conta desconectada",
  editorNote: "Só quem é dono da página conecta a conta e estorna pedidos.",
  totalsTitle: "Resumo",
  periods: { 1: "Hoje", 7: "7 dias", 30: "30 dias" } as Record<number, string>,
  ordersCount: (n: number) => `${n.toLocaleString("pt-BR")} ${n === 1 ? "pedido" : "pedidos"}`,
  ordersTitle: "Pedidos",
  exportCsv: "Exportar CSV",
  emptyTitle: "Nenhum pedido ainda",
  emptyText: "Adicione um produto ou uma gorjeta à sua página para começar a vender.",
  addProduct: "Adicionar produto",
  loadMore: "Carregar mais",
  loadFailed: "Não foi possível carregar os pedidos.",
  noCpf: "sem CPF",
  noBuyer: "dados apagados",
  status: { pending: "Aguardando pagamento", paid: "Pago", failed: "Não concluído", refunded: "Estornado" } as Record<string, string>,
  refund: "Estornar",
  refundLabel: (title: string, buyer: string) => `Estornar ${title} de ${buyer}`,
  refundTitle: "Estornar este pedido?",
  refundText: (amount: string, buyer: string) =>
    `${amount} voltam para a conta de ${buyer} pelo Mercado Pago. O acesso ao pedido é encerrado e ${buyer} recebe um e-mail.`,
  refunded: (amount: string) => `Pedido de ${amount} estornado`,
  refundFailed: "Não foi possível estornar",
};
