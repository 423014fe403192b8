// pt-BR texts: auth (one part of lib/strings; see its index): what the sign-in,
// sign-up and e-mail screens share. Each screen's own texts are apart
// (login.ts, register.ts, google-auth.ts), so a page's first script carries
// only its own.

export const authStrings = {
  email: "E-mail",
  emailPlaceholder: "voce@exemplo.com",
  password: "Senha",
  submitLogin: "Entrar",
  phone: "Telefone",
  showPassword: "Mostrar senha",
  hidePassword: "Ocultar senha",
  or: "ou",
  welcomeTitle: "Bem-vindo de volta!",
  welcomeText: "Login realizado com sucesso.",
  wrongCredentials: "Email ou senha incorretos",
} as const;
