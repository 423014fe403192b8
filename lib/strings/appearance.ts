// pt-BR texts: appearance (one part of lib/strings; see its index).

export const appearanceStrings = {
  themesTitle: "Temas",
  themesHint: "Um clique aplica cores, estilo, formato e fonte.",
  applyTheme: (name: string) => `Aplicar o tema ${name}`,
  themeApplied: (name: string) => `Tema ${name} aplicado`,
  styleTitle: "Estilo dos botões",
  styleLabel: "Estilo",
  styles: { filled: "Preenchido", outline: "Contorno", shadow: "Sombra" },
  shapeLabel: "Formato",
  shapes: { square: "Quadrado", rounded: "Arredondado", pill: "Pílula" },
  fontLabel: "Fonte",
  fonts: { sans: "Sem serifa", serif: "Com serifa", mono: "Monoespaçada", rounded: "Arredondada" },
  invalidStyle: "Estilo inválido: use filled, outline ou shadow",
  invalidShape: "Formato inválido: use square, rounded ou pill",
  invalidFont: "Fonte inválida: use sans, serif, mono ou rounded",
  contrastTitle: "Contraste",
  contrastButton: "Texto dos botões",
  contrastPage: "Texto da página",
  contrastRatio: (ratio: string) => `${ratio}:1`,
  contrastOk: "Boa leitura",
  contrastLow: "Contraste baixo: abaixo de 4,5:1 o texto fica difícil de ler. Escolha cores mais distantes.",
} as const;
