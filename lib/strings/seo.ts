// pt-BR texts: search engines and sensitive content (one part of lib/strings; see its index).

export const seoStrings = {
  // Settings: 'Buscadores'.
  searchSection: "Buscadores e compartilhamento",
  searchSectionHint: "Como sua página aparece no Google e em outros buscadores.",
  seoTitle: "Título para buscadores",
  seoTitlePlaceholder: "Ex.: Ana Souza · receitas e vídeos",
  seoTitleHint: "Em branco, usamos seu nome e @usuário.",
  seoDescription: "Descrição para buscadores",
  seoDescriptionPlaceholder: "Uma frase sobre você e seus links.",
  seoDescriptionHint: "Em branco, usamos sua bio.",
  counter: (n: number, max: number) => `${n}/${max} caracteres`,
  indexable: "Permitir que buscadores mostrem minha página",
  indexableHint: "Desmarcado, sua página pede para não aparecer nos resultados de busca.",
  // Settings: 'Conteúdo sensível'.
  sensitiveSection: "Conteúdo sensível",
  sensitiveSectionHint:
    "Se sua página tem conteúdo adulto ou que possa incomodar, os visitantes veem um aviso antes dos seus links. Páginas marcadas não aparecem em buscadores.",
  sensitiveLegend: "Tipo de conteúdo da página",
  sensitiveNone: "Nenhum aviso",
  sensitiveNoneHint: "Os links aparecem direto.",
  sensitiveAdult: "Conteúdo para maiores de 18 anos",
  sensitiveAdultHint: "Pede que o visitante confirme antes de ver os links.",
  sensitiveSensitive: "Conteúdo sensível",
  sensitiveSensitiveHint: "Avisa que a página pode ter conteúdo que incomoda.",
  save: "Salvar preferências",
  saving: "Salvando...",
  saved: "Configurações atualizadas com sucesso",
  saveFailed: "Não foi possível atualizar as configurações",
  errorTitle: "Erro",
  // Validation (api.md, Creator blocks).
  seoTitleMax: "O título para buscadores deve ter no máximo 60 caracteres",
  seoDescriptionMax: "A descrição para buscadores deve ter no máximo 160 caracteres",
  invalidText: "Texto inválido",
  invalidIndexable: "Informe verdadeiro ou falso",
  invalidSensitive: "Escolha nenhum aviso, maiores de 18 anos ou conteúdo sensível",
  // The warning on a flagged page or a flagged link's short link.
  warningAdult: "Conteúdo para maiores de 18 anos",
  warningSensitive: "Conteúdo sensível",
  warningAdultText: "Esta página foi marcada por quem a criou como adequada apenas para maiores de 18 anos.",
  warningSensitiveText: "Esta página foi marcada por quem a criou como tendo conteúdo que pode incomodar algumas pessoas.",
  warningLinkText: "Este link foi marcado por quem o criou como tendo conteúdo que pode incomodar algumas pessoas.",
  continue: "Continuar",
  back: "Voltar",
  neutralDescription: "Esta página pede confirmação antes de mostrar o conteúdo.",
  // The link form.
  linkSensitive: "Conteúdo sensível",
  linkSensitiveHint: "Quem clicar vê um aviso antes de ser levado ao endereço.",
  // The Open Graph image of a flagged page.
  ogFlagged: "Página com aviso de conteúdo",
} as const;
