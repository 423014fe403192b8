// pt-BR texts: API keys and webhooks (fifth release; one part of lib/strings; see its index).

export const apiStrings = {
  keyForbidden: "A chave não tem permissão para isso",
  addressNotAllowed: "Endereço não permitido",
  unknownEvent: "Evento desconhecido",
  unknownScope: "Permissão desconhecida",
  unknownPage: "Página não encontrada entre as suas",
  nameRequired: "Dê um nome à chave",
  scopesRequired: "Escolha ao menos uma permissão",
  eventsRequired: "Escolha ao menos um evento",
  badWebhookUrl: "Informe um endereço https:// válido",
  keysTitle: "Chaves de API",
  keysIntro: "Uma chave deixa suas ferramentas (CRM, automação) lerem e mudarem suas páginas pela API.",
  keyName: "Nome",
  keyScopes: "Permissões",
  keyPages: "Páginas",
  keyAllPages: "Todas as páginas",
  keyCreate: "Criar chave",
  keyCreated: "Copie a chave agora: ela não será mostrada de novo.",
  keyCopy: "Copiar",
  keyCopied: "Copiada",
  keyDelete: "Excluir",
  keyLastUsed: "Último uso",
  keyNeverUsed: "Nunca usada",
  keysEmpty: "Nenhuma chave ainda.",
  keyNeedsVerifiedEmail: "Confirme seu e-mail primeiro",
  keyLimitReached: "Limite de chaves atingido",
  webhookLimitReached: "Limite de webhooks atingido",
  memberEndpointsOffSubject: "Webhooks desativados na sua página",
  memberEndpointsOffText: (page: string, urls: readonly string[], why: "left" | "role" | "deleted", member: string) => {
    const one = urls.length === 1;
    const them = one ? "o" : "os";
    const reason = {
      left: `${member}, que ${them} criou, não faz mais parte da equipe da página`,
      role: `${member}, que ${them} criou, não pode mais gerenciar os webhooks da página`,
      deleted: `a conta de quem ${them} criou foi excluída`,
    }[why];
    return `${one ? "O webhook abaixo" : "Os webhooks abaixo"}, da página ${page}, ${one ? "foi desativado" : "foram desativados"}: ${reason}.\n\n${urls.map((u) => `- ${u}`).join("\n")}\n\nSe ainda precisar ${one ? "dele" : "deles"}, confira ${one ? "o endereço e reative-o" : "os endereços e reative-os"} nas configurações da página.`;
  },
  keyDeleteLabel: (name: string) => `Excluir a chave ${name}`,
  keyDeleteTitle: (name: string) => `Excluir a chave “${name}”?`,
  keyDeleteText: "As ferramentas que usam esta chave perdem o acesso na hora. Não dá para desfazer.",
  keyDeleted: (name: string) => `Chave “${name}” excluída`,
  keyDeleteFailed: "Não foi possível excluir a chave. Tente de novo.",
  webhooksTitle: "Webhooks",
  webhooksIntro: "Avise suas ferramentas quando algo mudar nesta página.",
  webhookUrl: "Endereço (URL)",
  webhookEvents: "Eventos",
  webhookAdd: "Adicionar webhook",
  webhookSecret: "Copie o segredo agora: ele não será mostrado de novo.",
  webhookTest: "Enviar teste",
  webhookActive: "Ativo",
  webhookDelete: "Excluir",
  webhookDeliveries: "Últimas entregas",
  webhookNoDeliveries: "Nenhuma entrega ainda.",
  webhooksEmpty: "Nenhum webhook ainda.",
  webhookDeleteLabel: (url: string) => `Excluir o webhook ${url}`,
  webhookDeleteTitle: "Excluir o webhook?",
  webhookDeleteText: (url: string) => `${url} deixa de receber os eventos desta página, e as entregas pendentes são canceladas. Não dá para desfazer.`,
  webhookDeleted: "Webhook excluído",
  webhookDeleteFailed: "Não foi possível excluir o webhook. Tente de novo.",
  webhookChangeFailed: "Não foi possível mudar o webhook. Tente de novo.",
  webhookTestSent: "Teste enviado: a entrega aparece em instantes.",
  webhookTestFailed: "Não foi possível enviar o teste. Tente de novo.",
  deliveryStatus: { pending: "Pendente", delivered: "Entregue", failed: "Falhou" },
  /** A delivery as a person reads it: 'Entregue · HTTP 200'. */
  deliveryLine: (status: string, code: number | null) => (code === null ? status : `${status} · HTTP ${code}`),
  deliveryTried: (n: number) => (n === 1 ? "1 tentativa" : `${n} tentativas`),
  /**
   * Each API scope's label and one-line explanation, beside its checkbox
   * (lib/permissions/api-scopes.ts names the scopes; api-labels.test.ts fails
   * when one has none). Plain keys: lib/strings imports no feature.
   */
  scopes: {
    "page:read": { label: "Ver a página", hint: "Lê o nome, a bio, a aparência e as configurações da página." },
    "page:write": { label: "Mudar a página", hint: "Altera o nome, a bio, a aparência e as configurações da página." },
    "links:read": { label: "Ver os links", hint: "Lê os links e blocos da página e os cliques de cada um." },
    "links:write": { label: "Mudar os links", hint: "Cria, edita, reordena e exclui links e blocos." },
    "stats:read": { label: "Ver as estatísticas", hint: "Lê visitas, visitantes e cliques por dia." },
    "subscribers:read": { label: "Ver os inscritos", hint: "Lê e exporta a lista de quem se inscreveu na página." },
    "webhooks:write": { label: "Gerenciar webhooks", hint: "Cria, muda e exclui os webhooks da página." },
    "orders:read": { label: "Ver as vendas", hint: "Lê os pedidos e pagamentos da página." },
    "orders:refund": { label: "Devolver vendas", hint: "Devolve o dinheiro de um pedido pago." },
  } as Readonly<Record<string, { label: string; hint: string }>>,
  /** Each webhook event's label and one-line explanation (lib/webhooks/webhook-events.ts names them), and 'ping' ('Enviar teste'). */
  events: {
    "subscriber.confirmed": { label: "Novo inscrito confirmado", hint: "Alguém confirmou a inscrição pelo e-mail." },
    "subscriber.unsubscribed": { label: "Inscrito saiu", hint: "Alguém saiu da lista da página." },
    "link.created": { label: "Link criado", hint: "Um link ou bloco foi adicionado à página." },
    "link.updated": { label: "Link alterado", hint: "Um link ou bloco foi editado, ligado ou desligado." },
    "link.deleted": { label: "Link excluído", hint: "Um link ou bloco saiu da página." },
    "page.updated": { label: "Página alterada", hint: "O nome, a bio, a foto ou a aparência mudou." },
    "stats.daily": { label: "Resumo do dia", hint: "Todo dia, as visitas, cliques e inscritos do dia anterior." },
    "order.paid": { label: "Venda paga", hint: "Um comprador pagou um produto ou uma gorjeta pelo Pix." },
    "order.refunded": { label: "Venda devolvida", hint: "O dinheiro de um pedido pago foi devolvido ao comprador." },
    ping: { label: "Teste", hint: "O envio de 'Enviar teste'." },
  } as Readonly<Record<string, { label: string; hint: string }>>,
  /** Who a secret shown once belongs to. */
  keySecretFor: (name: string) => `Chave “${name}”: copie agora, ela não será mostrada de novo.`,
  webhookSecretFor: (url: string) => `Segredo do webhook ${url}: copie agora, ele não será mostrado de novo.`,
  secretCopied: "Copiado para a área de transferência",
  secretCopyFailed: "Não foi possível copiar: selecione o texto e copie.",
  keyCreatedToast: (name: string) => `Chave “${name}” criada`,
  webhookAddedToast: "Webhook adicionado",
  endpointOffSubject: "Seu webhook foi desativado",
  endpointOffText: (url: string, page: string) =>
    `O endereço ${url} da página ${page} falhou em todas as entregas por 5 dias e foi desativado.\n\nConfira o endereço e reative o webhook nas configurações da página.`,
} as const;
