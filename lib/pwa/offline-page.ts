import { escapeHtml } from "@/lib/server/escape-html";
import { APP_NAME } from "@/lib/strings/app-name";
import { pwaStrings } from "@/lib/strings/pwa";
import { BACKGROUND_COLOR, THEME_COLOR } from "./web-app-manifest";

// The page public/sw.js shows when a navigation fails for want of a network.
// A static file (public/offline.html, written from this by
// scripts/pwa-assets.ts) so the worker can keep it without any signed-in
// content: no script, styles inline, the mark drawn inline. Its address ends
// in .html, which no username can (lib/accounts/username.ts).

export const OFFLINE_PAGE_PATH = "/offline.html";
// next.config.ts sends it with OFFLINE_PAGE_HEADERS (lib/pwa/pwa-headers.ts).

export function offlinePageHtml(): string {
  const t = pwaStrings;
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${THEME_COLOR}">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.offlineDocumentTitle)}</title>
<style>
:root{color-scheme:light dark;--bg:${BACKGROUND_COLOR};--fg:#18181b;--muted:#52525b;--brand:${THEME_COLOR}}
@media (prefers-color-scheme:dark){:root{--bg:#09090b;--fg:#fafafa;--muted:#a1a1aa}}
*{box-sizing:border-box}
body{margin:0;min-height:100dvh;display:grid;place-items:center;padding:24px;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:center}
main{max-width:24rem}
svg{width:64px;height:64px}
h1{margin:20px 0 8px;font-size:1.5rem;line-height:1.25}
p{margin:0 0 24px;color:var(--muted)}
a{display:inline-block;min-height:44px;padding:10px 20px;border-radius:10px;background:var(--brand);color:#fff;font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid var(--fg);outline-offset:3px}
</style>
</head>
<body>
<main>
<svg viewBox="0 0 64 64" role="img" aria-label="${escapeHtml(APP_NAME)}"><rect width="64" height="64" rx="16" fill="${THEME_COLOR}"/><path d="M18 20h8l6 18 6-18h8L36 46h-8z" fill="#fff"/></svg>
<h1>${escapeHtml(t.offlineTitle)}</h1>
<p>${escapeHtml(t.offlineText)}</p>
<a href="">${escapeHtml(t.offlineRetry)}</a>
</main>
</body>
</html>
`;
}
