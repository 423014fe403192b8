// pt-BR texts: layout (one part of lib/strings; see its index).

export const layoutStrings = {
  signIn: "Entrar",
  signUp: "Cadastrar",
  dashboard: "Dashboard",
  home: "Página inicial",
  skipToContent: "Pular para o conteúdo",
  mainNav: "Navegação principal",
  footerTools: "Outras ferramentas",
  footerLinks: [
    { label: "Gerador de link para WhatsApp", href: "https://wa.me/" },
    { label: "Encurtador de links", href: "https://tinyurl.com/" },
    { label: "Baixar fotos do Instagram", href: "https://saveinsta.app/" },
  ],
  copyright: (year: number) => `© ${year} Vitrine Tecnologia Ltda. Todos os direitos reservados.`,
} as const;
