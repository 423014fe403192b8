// pt-BR texts: notFound (one part of lib/strings; see its index).

export const notFoundStrings = {
  title: "Página não encontrada",
  text: "O endereço que você acessou não existe ou foi removido.",
  home: "Voltar para o início",
  profileTitle: "Perfil não encontrado",
  profileText: "Este perfil não existe ou foi removido.",
  linkTitle: "Link não encontrado",
  linkText: "Este link foi excluído ou não existe mais.",
  linkPrompt: "Deseja criar um link?",
  linkCta: "Acesse agora",
} as const;
