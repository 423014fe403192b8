// pt-BR texts: operations (one part of lib/strings; see its index).

export const operationsStrings = {
  metricsUnauthorized: "Token de métricas inválido.",
  backupUnauthorized: "Token de cópia de segurança inválido.",
  cronUnauthorized: "Token das tarefas agendadas inválido.",
  errorTitle: "Algo deu errado",
  errorText: "Não foi possível mostrar esta página agora. Tente novamente; se o problema continuar, volte mais tarde.",
  errorRetry: "Tentar novamente",
  errorHome: "Voltar para o início",
  errorCode: "Código do erro",
} as const;
