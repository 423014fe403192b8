// pt-BR texts: common (one part of lib/strings; see its index).

export const commonStrings = {
  loading: "Carregando...",
  cancel: "Cancelar",
  save: "Salvar",
  back: "Voltar",
  error: "Erro",
  close: "Fechar",
} as const;
