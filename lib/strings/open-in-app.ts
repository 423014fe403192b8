// pt-BR texts: open in the app (api.md, fourth release; one part of lib/strings, see its index).

export const openInAppStrings = {
  /** The source of a click the short link sent to the installed app (insights). */
  sourceName: "Aberto no app",
  /** The offer's region, drawn by the public page's script inside a built-in browser. */
  offerLabel: "Abrir no navegador",
  /** Android: a link that opens this page in the default browser. */
  offerAndroid: "Abrir no navegador",
  /** iOS: no link can leave the built-in browser, so the page says how. */
  offerIos: "Para abrir no navegador, toque em ⋯ e escolha Abrir no navegador.",
} as const;
