// pt-BR texts: the sign-up screen (one part of lib/strings; see its index).

export const registerStrings = {
  registerTitle: "Crie sua conta",
  registerSubtitle: "Leva menos de um minuto. Seu endereço fica pronto na hora.",
  name: "Nome completo",
  namePlaceholder: "Ana Souza",
  username: "Nome de usuário",
  phonePlaceholder: "(11) 98765-4321",
  passwordConfirmation: "Confirme a senha",
  termsPrefix: "Li e aceito os",
  terms: "termos de uso",
  termsAnd: "e a",
  privacy: "política de privacidade",
  submitRegister: "Criar conta",
  submittingRegister: "Cadastrando...",
  haveAccount: "Já tem uma conta?",
  signInLink: "Entrar",
  registeredTitle: "Conta criada com sucesso!",
  registeredText: "Sua página já está no ar. Comece adicionando seus links.",
  registerFailedTitle: "Erro no cadastro",
  registerFailedText: "Não foi possível criar sua conta. Verifique os dados e tente novamente.",
} as const;
