// pt-BR texts: errors (one part of lib/strings; see its index).

export const errorsStrings = {
  internal: "Erro interno do servidor",
  invalidInput: "Dados inválidos. Verifique os campos e tente novamente.",
  invalidJson: "O corpo da requisição não é um JSON válido.",
  unauthorized: "Você precisa entrar na sua conta.",
  forbidden: "Você não tem permissão para fazer isso.",
  crossSite: "Requisição de outra origem recusada.",
  notFound: "Não encontrado.",
  badGateway: "Um serviço externo não respondeu. Tente de novo.",
  conflict: "Conflito com dados existentes.",
  payloadTooLarge: "O conteúdo enviado é grande demais.",
  unsupportedMediaType: "Formato não suportado.",
  unprocessable: "Não foi possível processar o pedido",
  rateLimited: "Muitas tentativas. Aguarde um pouco e tente novamente.",
  unavailable: "Serviço temporariamente indisponível. Tente novamente em instantes.",
  usernameTaken: "Este nome de usuário já está em uso",
  emailTaken: "Este e-mail já está em uso",
  required: "Campo obrigatório",
} as const;
