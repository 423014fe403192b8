// pt-BR texts: validation (one part of lib/strings; see its index).

export const validationStrings = {
  invalidEmail: "Email inválido",
  emailMax: "Email deve ter no máximo 30 caracteres",
  loginPasswordMin: "A senha deve ter pelo menos 6 caracteres",
  passwordMin: "A senha deve ter pelo menos 6 caracteres",
  passwordMax: "A senha deve ter no máximo 20 caracteres",
  passwordMismatch: "As senhas não coincidem",
  nameMin: "Nome deve ter pelo menos 3 caracteres",
  nameMax: "Nome deve ter no máximo 30 caracteres",
  phoneMin: "Telefone inválido",
  phoneFormat: "Formato de telefone inválido",
  terms: "Você deve aceitar os termos e condições",
} as const;
