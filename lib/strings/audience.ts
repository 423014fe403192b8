// Audience (api.md, fourth release): the subscribe block, its messages, the
// confirmation and unsubscribe pages, 'Inscritos'.

import { dashboardNavStrings } from "./dashboard-nav";
import { subscribeBlockStrings } from "./subscribe-block";

export const audienceStrings = {
  // The block as drawn and its editor card (subscribe-block.ts).
  ...subscribeBlockStrings,
  invalidSettings: "Configuração do formulário inválida",
  consentMax: "O texto de consentimento pode ter até 300 caracteres",
  defaultConsent: (name: string) => `Quero receber novidades de ${name} por e-mail. Posso cancelar quando quiser.`,
  checkEmail: "Confira seu e-mail para confirmar",
  consentRequired: "É preciso aceitar para se inscrever",
  // The block's editor.
  titleLabel: "Título do formulário",
  titlePlaceholder: "Entre na minha lista VIP",
  askWhatsapp: "Pedir também o WhatsApp",
  askWhatsappHint: "Opcional para quem se inscreve; guardado com +55.",
  consentLabel: "Texto de consentimento",
  consentHint: (name: string) => `Deixe em branco para usar: “Quero receber novidades de ${name} por e-mail. Posso cancelar quando quiser.”`,
  // The sign-up's refusals.
  invalidEmail: "Informe um e-mail válido",
  invalidWhatsapp: "Informe um WhatsApp do Brasil com DDD, como (11) 98765-4321",
  proofFailed: "Não foi possível verificar o envio. Tente de novo.",
  formClosed: "Este formulário não está recebendo inscrições",
  tooMany: "Muitas inscrições em pouco tempo. Tente de novo mais tarde.",
  sending: "Enviando…",
  // The confirmation e-mail.
  confirmSubject: (page: string) => `Confirme sua inscrição em ${page}`,
  confirmText: (page: string) => `Você pediu para receber novidades de ${page}. Para confirmar, abra o link abaixo e toque em 'Confirmar inscrição'.`,
  confirmButton: "Confirmar inscrição",
  confirmIgnore: "Se não foi você, ignore esta mensagem: sem a confirmação, seu endereço é apagado em 7 dias.",
  unsubscribeLine: (url: string) => `Para não receber mais mensagens: ${url}`,
  greeting: "Olá,",
  // The confirmation and unsubscribe pages.
  confirmTitle: "Confirmar inscrição",
  confirmPageText: (page: string) => `Toque no botão para confirmar que quer receber novidades de ${page}.`,
  confirmedTitle: "Inscrição confirmada",
  confirmedText: "Pronto! Você vai receber as novidades por e-mail. Pode cancelar quando quiser pelo link de cada mensagem.",
  unsubscribeTitle: "Cancelar inscrição",
  unsubscribePageText: (page: string) => `Toque no botão para deixar de receber mensagens de ${page}. Seu e-mail e seu WhatsApp são apagados na hora.`,
  unsubscribeButton: "Cancelar inscrição",
  unsubscribedTitle: "Inscrição cancelada",
  unsubscribedText: "Você não vai receber mais mensagens. Seu e-mail e seu WhatsApp foram apagados.",
  alreadyOutTitle: "Você já saiu desta lista",
  alreadyOutText: "Este link já foi usado para cancelar a inscrição: seu e-mail e seu WhatsApp não estão mais nesta lista e você não recebe mensagens dela.",
  unknownUnsubscribeText: "Este link não corresponde a nenhuma inscrição. Confira se ele foi copiado inteiro da mensagem.",
  invalidLinkTitle: "Link inválido",
  invalidLink: "Este link não vale mais. Ele pode ter sido usado ou substituído por um mais recente.",
  // 'Inscritos' (the owner's list and export).
  listTitle: "Inscritos",
  listSubtitle: "Quem se inscreveu pelos formulários da página, com o consentimento que deu.",
  back: "Voltar ao painel",
  download: "Baixar CSV",
  writeToList: "Escrever para a lista",
  filterLabel: "Mostrar",
  filters: { all: "Todos", confirmed: "Confirmados", pending: "Pendentes", unsubscribed: "Cancelados" } as Record<string, string>,
  statusName: { confirmed: "Confirmado", pending: "Aguardando confirmação", unsubscribed: "Cancelou" } as Record<string, string>,
  emptyTitle: "Ninguém por aqui ainda",
  emptyText: "Adicione um bloco de inscrição à sua página para começar a formar sua lista.",
  emptyFiltered: "Nenhum inscrito com essa situação.",
  addBlock: "Adicionar inscrição",
  removedAddress: "Endereço apagado",
  consentedOn: (when: string) => `Consentiu em ${when}`,
  confirmedOn: (when: string) => `confirmou em ${when}`,
  viaSource: (source: string) => `pelo formulário “${source}”`,
  consentShown: "Texto aceito",
  more: "Carregar mais",
  loadFailed: "Não foi possível carregar os inscritos.",
  retry: "Tentar de novo",
  remove: (email: string) => `Excluir ${email}`,
  removeTitle: "Excluir inscrito?",
  removeText: (email: string) => `${email} sai da sua lista, e o registro do consentimento também. Isso não pode ser desfeito.`,
  removeConfirm: "Excluir",
  removed: "Inscrito excluído",
  editorNote: "Só quem é dono da página pode baixar a lista ou excluir inscritos.",
  navLabel: dashboardNavStrings.subscribers,
  csvHeader: "email,whatsapp,status,consentido_em,confirmado_em,origem",
  // A page whose confirmation e-mails went unanswered (fifth release): the notices.
  stoppedOwnerSubject: (page: string) => `Paramos os e-mails de confirmação de ${page}`,
  stoppedOwnerText: (name: string, page: string, sent: number, confirmed: number, url: string) =>
    `Olá, ${name}!\n\nOs últimos ${sent} e-mails de confirmação enviados pelo formulário de inscrição de ${page} tiveram só ${confirmed} confirmação(ões). ` +
    `Isso costuma acontecer quando endereços de outras pessoas são inscritos sem o conhecimento delas, então paramos de enviar confirmações dessa página.\n\n` +
    `As novas inscrições continuam guardadas e recebem a confirmação quando a equipe do Vitrine liberar o envio. Se você acha que foi um engano, fale com a equipe do Vitrine.\n\n${url}\n\nEquipe Vitrine\n`,
  stoppedAdminSubject: (username: string) => `Confirmações paradas: @${username}`,
  stoppedAdminText: (page: string, username: string, sent: number, confirmed: number, url: string) =>
    `Os últimos ${sent} e-mails de confirmação da página ${page} (@${username}) tiveram ${confirmed} confirmação(ões), e o envio foi parado.\n\n` +
    `Veja a página no painel de administração e libere o envio se não houver abuso:\n${url}\n\nEquipe Vitrine\n`,
  notStopped: "As confirmações desta página não estão paradas",
  invalidStatus: "Situação inválida",
  invalidCursor: "Cursor inválido",
};
