// Inside Instagram's, TikTok's or Facebook's own browser, the page offers
// 'Abrir no navegador' (api.md, Open in the app). Filled by the #40 work.
export const OPEN_IN_BROWSER_SCRIPT = "";
