// pt-BR texts: the sign-in screen, passkeys included (one part of lib/strings; see its index).

export const loginStrings = {
  loginTitle: "Entre na sua conta",
  loginSubtitle: "Bom te ver de novo! Acesse para gerenciar sua página.",
  remember: "Lembrar de mim",
  forgot: "Esqueceu a senha?",
  submittingLogin: "Entrando...",
  noAccount: "Ainda não tem conta?",
  signUpLink: "Cadastre-se",
  loginFailedTitle: "Erro no login",
  loginFailedText: "Email ou senha incorretos. Tente novamente.",
  passkeySignIn: "Entrar com passkey",
  passkeySigningIn: "Aguardando a passkey...",
  passkeyFailedTitle: "Não foi possível entrar com passkey",
  passkeyCancelled: "A operação foi cancelada ou o tempo acabou. Tente de novo.",
  passkeyUnsupported: "Este navegador não tem suporte a passkeys.",
  passkeyFailed: "Não foi possível usar a passkey",
} as const;
