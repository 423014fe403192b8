// Pix block (third release): editor form and API field errors.

export const pixStrings = {
  invalidKey: "Chave Pix inválida",
  nameRequired: "Informe o nome de quem recebe",
  nameMax: "O nome pode ter no máximo 25 caracteres",
  cityRequired: "Informe a cidade",
  cityMax: "A cidade pode ter no máximo 15 caracteres",
  invalidAmount: "Valor inválido: use de 0,01 a 999.999,99, com até dois centavos",
  messageMax: "A mensagem pode ter no máximo 40 caracteres",
  personalKeyWarning: "Esta chave (CPF, telefone ou e-mail) ficará pública na sua página. Prefira uma chave aleatória, criada no app do seu banco.",
} as const;
