// pt-BR texts: operations (one part of lib/strings; see its index).

export const operationsStrings = {
  metricsUnauthorized: "Token de métricas inválido.",
  backupUnauthorized: "Token de cópia de segurança inválido.",
  cronUnauthorized: "Token das tarefas agendadas inválido.",
} as const;
