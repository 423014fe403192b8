// pt-BR texts: the dashboard's banner asking to confirm the e-mail address.
// Apart from email.ts (which includes them), so the dashboard's script does not
// carry the e-mail screens' texts.

export const verifyBannerStrings = {
  requestFailed: "Não foi possível concluir agora. Tente novamente em instantes.",
  bannerTitle: "Confirme seu e-mail",
  bannerText: (email: string) => `Enviamos um link de confirmação para ${email}. Abra-o para confirmar seu endereço.`,
  bannerResend: "Reenviar e-mail",
  bannerResending: "Reenviando...",
  bannerResent: "Enviamos um novo link de confirmação.",
  pendingText: (email: string) => `Troca de e-mail pendente: confirme pelo link enviado para ${email}.`,
} as const;
