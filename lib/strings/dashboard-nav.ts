// pt-BR texts: the dashboard's links to its own screens, from the statistics
// card (insights.ts and audience.ts include them), apart so the dashboard's
// script does not carry those screens' texts.

export const dashboardNavStrings = {
  insights: "Ver estatísticas completas",
  subscribers: "Inscritos",
} as const;
