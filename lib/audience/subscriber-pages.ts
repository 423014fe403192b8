import "server-only";
import { escapeHtml as esc } from "@/lib/server/escape-html";
import { BASE_SECURITY_HEADERS } from "@/lib/server/base-headers";
import { audienceStrings } from "@/lib/strings/audience";
import { pageNameForConfirmLink, unsubscribeLinkState } from "./subscriber-queries";

const s = audienceStrings;

// The pages a subscriber's e-mail links open (api.md, Audience): plain HTML
// with no script at all, served by a route handler. Opening one changes
// nothing (mail scanners open links); its button POSTs the token to
// /api/subscribe/confirm or /api/subscribe/unsubscribe, which answer with a
// 303 back here (?feito=1, or ?erro=1 when the link is no longer valid; an
// unsubscribe link already used: ?saiu=1). The unsubscribe page is also what
// GET on the List-Unsubscribe address (/api/subscribe/unsubscribe) shows.

export const SUBSCRIBER_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function document(title: string, body: string): string {
  return (
    `<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex"><title>${esc(title)} · Vitrine</title>` +
    `<style>body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f4f5;color:#18181b;line-height:1.5}` +
    `main{max-width:420px;margin:0 auto;padding:64px 20px}section{background:#fff;border-radius:16px;padding:28px 24px;box-shadow:0 1px 3px rgba(0,0,0,.08)}` +
    `h1{font-size:22px;margin:0 0 12px}p{margin:0 0 20px}button{font:inherit;font-weight:600;width:100%;min-height:48px;border:0;border-radius:10px;background:#18181b;color:#fff;cursor:pointer}` +
    `button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}</style></head>` +
    `<body><main><section>${body}</section></main></body></html>`
  );
}

function button(action: string, token: string, label: string): string {
  return `<form method="post" action="${action}"><input type="hidden" name="token" value="${esc(token)}"><button type="submit">${esc(label)}</button></form>`;
}

type Kind = "confirm" | "unsubscribe";

const TEXT = {
  confirm: {
    title: s.confirmTitle,
    text: s.confirmPageText,
    button: s.confirmButton,
    action: "/api/subscribe/confirm",
    doneTitle: s.confirmedTitle,
    done: s.confirmedText,
  },
  unsubscribe: {
    title: s.unsubscribeTitle,
    text: s.unsubscribePageText,
    button: s.unsubscribeButton,
    action: "/api/subscribe/unsubscribe",
    doneTitle: s.unsubscribedTitle,
    done: s.unsubscribedText,
  },
} as const;

const message = (title: string, text: string) => document(title, `<h1>${esc(title)}</h1><p>${esc(text)}</p>`);

/** What the link says: the button for its page, "used already" (unsubscribe only), or not valid. */
async function linkAnswer(kind: Kind, token: string): Promise<{ html: string; status: number }> {
  const invalid = { html: message(s.invalidLinkTitle, kind === "confirm" ? s.invalidLink : s.unknownUnsubscribeText), status: 404 };
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return invalid;
  if (kind === "confirm") {
    const page = await pageNameForConfirmLink(token);
    return page === null ? invalid : { html: withButton(kind, page, token), status: 200 };
  }
  const state = await unsubscribeLinkState(token);
  if (state.kind === "unknown") return invalid;
  if (state.kind === "used") return { html: message(s.alreadyOutTitle, s.alreadyOutText), status: 200 };
  return { html: withButton(kind, state.pageName, token), status: 200 };
}

function withButton(kind: Kind, page: string, token: string): string {
  const t = TEXT[kind];
  return document(t.title, `<h1>${esc(t.title)}</h1><p>${esc(t.text(page))}</p>${button(t.action, token, t.button)}`);
}

/** GET /inscricao/confirmar, /inscricao/cancelar (and /api/subscribe/unsubscribe): the page for `?token=`, `?feito=1`, `?saiu=1` or `?erro=1`. */
export async function subscriberPage(kind: Kind, req: Request): Promise<Response> {
  const t = TEXT[kind];
  const query = new URL(req.url).searchParams;
  let answer: { html: string; status: number };
  if (query.get("feito") === "1") answer = { html: message(t.doneTitle, t.done), status: 200 };
  else if (kind === "unsubscribe" && query.get("saiu") === "1") answer = { html: message(s.alreadyOutTitle, s.alreadyOutText), status: 200 };
  else if (query.get("erro") === "1")
    answer = { html: message(s.invalidLinkTitle, kind === "confirm" ? s.invalidLink : s.unknownUnsubscribeText), status: 404 };
  else answer = await linkAnswer(kind, query.get("token") ?? "");
  const { html, status } = answer;
  return new Response(html, {
    status,
    headers: {
      ...BASE_SECURITY_HEADERS,
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": SUBSCRIBER_PAGE_CSP,
      "cache-control": "no-store",
      "x-robots-tag": "noindex",
    },
  });
}
