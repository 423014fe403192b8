import "server-only";
import { createHash } from "node:crypto";
import { BASE_SECURITY_HEADERS } from "@/lib/server/base-headers";
import { escapeHtml } from "@/lib/server/escape-html";
import { finishPage, type RenderedPage } from "@/lib/server/html-answer";
import { HSTS, isHttpsRequest } from "@/lib/server/security-headers";

// The buyer's pages (the checkout and the order page): plain server-rendered
// HTML, no framework JavaScript (api.md: ≤ 20 KB compressed with the QR
// code), drawn for a phone first. A page may carry one small inline script,
// the only one its CSP lets run (its hash); forms post only to the app.

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111;background:#f5f5f4}
main{max-width:28rem;margin:0 auto;padding:1.25rem 1rem 3rem}h1{font-size:1.375rem;line-height:1.25;margin:.25rem 0 .5rem}
.card{background:#fff;border-radius:12px;padding:1rem;margin:1rem 0;box-shadow:0 1px 2px rgba(0,0,0,.08)}
.price{font-size:1.5rem;font-weight:700;margin:.25rem 0}.muted{color:#57534e;font-size:.9375rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input[type=text],input[type=email],textarea{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #78716c;border-radius:8px;background:#fff;color:#111}
.amounts{display:flex;flex-wrap:wrap;gap:.5rem;border:0;padding:0;margin:.5rem 0}.amounts label{font-weight:400;margin:0;border:1px solid #78716c;border-radius:8px;padding:.5rem .75rem}
button,.button{display:block;width:100%;margin-top:1rem;padding:.75rem 1rem;font:inherit;font-weight:600;text-align:center;text-decoration:none;border:0;border-radius:8px;background:#047857;color:#fff;cursor:pointer}
.secondary{background:#fff;color:#065f46;border:1px solid #065f46}.error{color:#b91c1c;font-size:.9375rem;margin:.25rem 0 0}
.alert{border-left:4px solid #b91c1c;padding:.5rem .75rem;background:#fef2f2}.ok{font-size:1.375rem;font-weight:700;color:#065f46;margin:.25rem 0}
.qr{width:100%;max-width:16rem;margin:.5rem auto}.qr svg{display:block;width:100%;height:auto}textarea{font:13px/1.4 ui-monospace,monospace;word-break:break-all;resize:none}
a{color:#065f46}.back{display:inline-block;margin-top:1.5rem}[hidden]{display:none!important}`;

export interface BuyerDocument {
  page: RenderedPage;
}

/** A whole document: the title, the body's markup (already escaped), and its one inline script, if any. */
export function buyerDocument(title: string, body: string, script?: string): RenderedPage {
  const csp = [
    "default-src 'none'",
    script ? `script-src 'sha256-${createHash("sha256").update(script).digest("base64")}'` : "script-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  const markup =
    `<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body><main>${body}</main>${script ? `<script>${script}</script>` : ""}</body></html>`;
  return finishPage(markup, { "content-security-policy": csp });
}

/** The answer for a buyer's page: never stored (it may carry an order's token), never framed. */
export function buyerResponse(page: RenderedPage, req: Request, status = 200): Response {
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    ...BASE_SECURITY_HEADERS,
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "cache-control": "private, no-store",
    ...page.headers,
  };
  if (isHttpsRequest(req.headers)) headers["strict-transport-security"] = HSTS;
  return new Response(req.method === "HEAD" ? null : new Uint8Array(page.html), { status, headers });
}
