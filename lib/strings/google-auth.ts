// pt-BR texts: signing in with Google (one part of lib/strings; see its index).
// Apart from auth.ts: the Google button loads only where a client ID is
// configured, and the sign-in pages' first script does not carry these.

export const googleAuthStrings = {
  googleSuccess: "Login realizado com sucesso",
  googleGreeting: (name: string) => `Olá, ${name}!`,
  googleFallbackName: "Usuário",
  googleFailedTitle: "Falha ao fazer login",
  googleFailedText: "Ocorreu um erro ao fazer login com Google",
  googleServerFailed: "Erro ao fazer login com Google",
  googleMissingCredential: "Credencial do Google ausente",
  googleWidgetErrorTitle: "Erro na autenticação",
  googleWidgetErrorText: "Ocorreu um erro ao tentar fazer login com Google",
} as const;
