// pt-BR texts: the error view of every error boundary (one part of
// lib/strings; see its index). Apart from operations.ts: app/global-error.tsx,
// part of every page's first script, names its title.

export const errorPageStrings = {
  errorTitle: "Algo deu errado",
  errorText: "Não foi possível mostrar esta página agora. Tente novamente; se o problema continuar, volte mais tarde.",
  errorRetry: "Tentar novamente",
  errorHome: "Voltar para o início",
  errorCode: "Código do erro",
} as const;
