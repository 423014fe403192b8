// pt-BR texts: preview (one part of lib/strings; see its index).

export const previewStrings = {
  label: "Pré-visualização do perfil",
  coverAlt: "Capa do perfil",
  noActiveLinks: "Nenhum link ativo",
  footer: "Crie o seu.",
} as const;
