// pt-BR texts: the sign-up form block as drawn (the public page, the
// dashboard's preview) and its card in the editor. Apart from audience.ts (which
// includes them), so the dashboard's script does not carry the e-mails' and
// 'Inscritos' texts.

export const subscribeBlockStrings = {
  emailLabel: "Seu e-mail",
  whatsappLabel: "WhatsApp (opcional)",
  whatsappPlaceholder: "+55 11 91234-5678",
  submit: "Inscrever-me",
  honeypotLabel: "Deixe este campo em branco",
  addTitle: "Adicionar inscrição",
  addSubtitle:
    "Um formulário na sua página para quem quer receber suas novidades por e-mail (e WhatsApp, se quiser), com consentimento e confirmação por e-mail.",
  editTitle: "Editar inscrição",
  badge: "Inscrição",
  added: "Formulário de inscrição adicionado",
} as const;
