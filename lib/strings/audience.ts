// Audience (api.md, fourth release): the subscribe block, its messages, the
// confirmation and unsubscribe pages, 'Inscritos'.

export const audienceStrings = {
  invalidSettings: "Configuração do formulário inválida",
  consentMax: "O texto de consentimento pode ter até 300 caracteres",
  defaultConsent: (name: string) => `Quero receber novidades de ${name} por e-mail. Posso cancelar quando quiser.`,
  checkEmail: "Confira seu e-mail para confirmar",
  consentRequired: "É preciso aceitar para se inscrever",
};
