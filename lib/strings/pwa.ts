// pt-BR texts: the installable dashboard and "share to Vitrine" (fourth
// release; one part of lib/strings, see its index). The offline page
// (public/offline.html) is written from these by scripts/pwa-assets.ts.

export const pwaStrings = {
  shortName: "Vitrine",
  description: "Sua página de links no celular: adicione links, veja as estatísticas e compartilhe de outros apps.",
  offlineDocumentTitle: "Sem conexão · Vitrine",
  offlineTitle: "Você está sem conexão",
  offlineText: "Não foi possível abrir esta página agora. Confira sua internet e tente de novo.",
  offlineRetry: "Tentar de novo",
  sharedAsPlayer: "Este endereço é de um vídeo ou de uma música: ele entra na sua página como player.",
  addAsLinkInstead: "Adicionar como link comum",
  sharedAsLink: "Este endereço também pode entrar como player, que toca na sua página.",
  addAsPlayerInstead: "Adicionar como player",
} as const;
