// Broadcasts (api.md, sixth release, "Write to your list"): the messages'
// footer, the refusals, the notices to the owner and the administrators.
// The composer's own words go in a module of their own when it is built
// (a strings module goes whole into the client bundle).

export const broadcastStrings = {
  // The message as received.
  footerWhy: (page: string) => `Você recebe este e-mail porque se inscreveu na lista de ${page}.`,
  footerLeave: "Cancelar inscrição",
  footerLeaveText: (url: string) => `Para sair da lista, acesse: ${url}`,
  from: (page: string) => `${page} via Vitrine`,
  testSubject: (subject: string) => `[Teste] ${subject}`,
  // The refusals.
  notFound: "Envio não encontrado",
  notEditable: "Este envio não pode mais ser alterado",
  notSendable: "Este envio não pode ser enviado",
  listNotReady: "Sua lista ainda não pode receber envios",
  dailyLimit: "Sua página já fez um envio hoje. Tente amanhã.",
  weeklyLimit: "Sua página já fez 3 envios nesta semana",
  paused: "Os envios desta página estão pausados. Fale com o suporte.",
  sendAtPast: "Escolha um horário no futuro",
  verifyFirst: "Confirme seu e-mail primeiro",
  // The 2 % pause, told to the owner and the administrators.
  pausedSubject: (page: string) => `Envios de ${page} pausados`,
  pausedText: (page: string, subject: string) =>
    `Os envios da página ${page} foram pausados: mais de 2% dos destinatários de “${subject}” saíram da lista nas primeiras 24 horas. Um administrador precisa liberar os próximos envios.`,
  pausedReason: "Mais de 2% de cancelamentos nas primeiras 24 horas",
  adminPausedReason: "Pausado por um administrador",
  notPaused: "Os envios desta página não estão pausados",
  notPausable: "Só um envio agendado ou em andamento pode ser pausado",
} as const;
