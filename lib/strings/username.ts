// pt-BR texts: username (one part of lib/strings; see its index).

export const usernameStrings = {
  empty: "Por favor, digite um nome de usuário",
  invalidLanding: "Nome de usuário deve conter apenas letras minúsculas, números e sublinhados (sem espaços)",
  invalidForm: "Nome de usuário deve conter apenas letras minúsculas, números e sublinhados (até 20 caracteres)",
  taken: "Este nome de usuário já está em uso",
  checkFailed: "Erro ao verificar disponibilidade do nome de usuário",
} as const;
