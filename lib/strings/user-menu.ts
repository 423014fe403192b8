// pt-BR texts: userMenu (one part of lib/strings; see its index).

export const userMenuStrings = {
  open: "Abrir menu da conta",
  profile: "Seu Perfil",
  settings: "Configurações",
  pages: "Páginas",
  admin: "Painel Admin",
  logout: "Sair",
} as const;
