import "server-only";
import MarkdownIt, { type Token } from "markdown-it";
import { escapeHtml } from "@/lib/server/escape-html";
import { broadcastStrings as s } from "@/lib/strings/broadcasts";

// A broadcast's Markdown body made into an e-mail (api.md, "Write to your
// list"): markdown-it with raw HTML off, and only paragraphs, bold, italic,
// links and lists; an image, a script or any other tag written in the body
// is removed, a link goes only to http(s) and through `linkFor` (the page's
// counted short link). The layout is a plain table-based template with
// inline styles (what Gmail, Outlook and Apple Mail all keep), one column of
// at most 560 px that fills a 375 px screen; no remote image, nothing that
// tracks opening. No e-mail template library: the layout is one short
// template, and React Email would bring react-dom/server into a route's
// server bundle for what a string does.

const md = new MarkdownIt("zero", { html: false, linkify: false, typographer: false, breaks: true });
// "zero" enables nothing; these are the allowed constructs (and the image
// rule, so that an image is recognised and then dropped rather than read as
// a "!" and a link).
md.enable(["paragraph", "list", "newline", "emphasis", "link", "image", "escape", "entity", "text", "balance_pairs", "fragments_join"]);
md.validateLink = (url) => /^https?:\/\//i.test(url.trim());

// Whole elements whose content is no text (a script's code), then any other tag, then comments.
const ELEMENTS = /<(script|style|iframe|object|embed|noscript|template|svg|math)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const TAG = /<\/?[a-zA-Z][a-zA-Z0-9-]*(\s[^<>]*)?\/?>/g;
const COMMENT = /<!--[\s\S]*?-->/g;

/** The body without any raw HTML: markdown-it would show it as text, and it has no place in the message at all. */
export function stripHtml(body: string): string {
  return body.replace(ELEMENTS, "").replace(COMMENT, "").replace(TAG, "");
}

const STYLE = {
  p: "margin:0 0 16px;font-size:16px;line-height:1.5;color:#111827",
  list: "margin:0 0 16px;padding:0 0 0 24px;font-size:16px;line-height:1.5;color:#111827",
  li: "margin:0 0 6px",
  a: "color:#1d4ed8;text-decoration:underline;word-break:break-word",
};

export interface RenderOptions {
  /** The address a body link goes to in the message (the counted short link); the link's own address when absent. */
  linkFor?: (url: string) => string;
}

function tokensOf(body: string, options: RenderOptions): Token[] {
  const tokens = md.parse(stripHtml(body), {});
  const rewrite = options.linkFor;
  for (const token of tokens) {
    if (token.type === "paragraph_open") token.attrSet("style", STYLE.p);
    if (token.type === "bullet_list_open" || token.type === "ordered_list_open") token.attrSet("style", STYLE.list);
    if (token.type === "list_item_open") token.attrSet("style", STYLE.li);
    if (token.type !== "inline" || !token.children) continue;
    // An image is dropped, its alt text with it.
    token.children = token.children.filter((child) => child.type !== "image");
    for (const child of token.children) {
      if (child.type !== "link_open") continue;
      const href = String(child.attrGet("href") ?? "");
      child.attrSet("href", rewrite ? rewrite(href) : href);
      child.attrSet("style", STYLE.a);
      child.attrSet("target", "_blank");
    }
  }
  return tokens;
}

/** The body's HTML: only the allowed elements, each with its inline style. */
export function bodyHtml(body: string, options: RenderOptions = {}): string {
  return md.renderer.render(tokensOf(body, options), md.options, {});
}

/** The body as plain text: paragraphs apart, list items with "-" or their number, a link as "label (address)". */
export function bodyText(body: string, options: RenderOptions = {}): string {
  const tokens = tokensOf(body, options);
  const blocks: string[] = [];
  const lists: { ordered: boolean; n: number }[] = [];
  let prefix = "";
  for (const token of tokens) {
    if (token.type === "bullet_list_open" || token.type === "ordered_list_open") {
      lists.push({ ordered: token.type === "ordered_list_open", n: Number(token.attrGet("start") ?? 1) - 1 });
    } else if (token.type === "bullet_list_close" || token.type === "ordered_list_close") {
      lists.pop();
    } else if (token.type === "list_item_open") {
      const list = lists.at(-1);
      if (list) list.n += 1;
      prefix = `${"  ".repeat(Math.max(0, lists.length - 1))}${list?.ordered ? `${list.n}.` : "-"} `;
    } else if (token.type === "inline") {
      blocks.push(prefix + inlineText(token.children ?? []));
      prefix = "";
    }
  }
  return blocks.join("\n\n");
}

function inlineText(children: Token[]): string {
  let out = "";
  let href: string | null = null;
  let label = "";
  for (const child of children) {
    if (child.type === "link_open") {
      const attr = child.attrGet("href");
      href = attr === null ? null : String(attr);
      label = "";
    } else if (child.type === "link_close") {
      out += href && href !== label ? `${label} (${href})` : label;
      href = null;
    } else {
      const piece = child.type === "softbreak" || child.type === "hardbreak" ? "\n" : child.type === "text" ? child.content : "";
      if (href !== null) label += piece;
      else out += piece;
    }
  }
  return out;
}

export interface BroadcastMessageParts {
  pageName: string;
  subject: string;
  body: string;
  /** The recipient's own page to leave the list (GET shows it; the one-click URL is the header's). */
  unsubscribeUrl: string;
  linkFor?: (url: string) => string;
}

/** The message's HTML and plain-text parts, with the footer naming why they get it and how to leave. */
export function renderBroadcast(m: BroadcastMessageParts): { html: string; text: string } {
  const options = { linkFor: m.linkFor };
  const content = bodyHtml(m.body, options);
  const why = escapeHtml(s.footerWhy(m.pageName));
  const leave = `<a href="${escapeHtml(m.unsubscribeUrl)}" style="color:#4b5563;text-decoration:underline">${escapeHtml(s.footerLeave)}</a>`;
  const html =
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="color-scheme" content="light"><title>${escapeHtml(m.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f3f4f6;-webkit-text-size-adjust:100%">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6"><tr><td align="center" style="padding:16px 8px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border-radius:8px">` +
    `<tr><td style="padding:24px 20px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">${content}</td></tr>` +
    `<tr><td style="padding:16px 20px 24px;border-top:1px solid #e5e7eb;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:13px;line-height:1.5;color:#4b5563">` +
    `<p style="margin:0 0 8px">${why}</p><p style="margin:0">${leave}</p></td></tr>` +
    `</table></td></tr></table></body></html>`;
  const text = [bodyText(m.body, options), "", "", s.footerWhy(m.pageName), s.footerLeaveText(m.unsubscribeUrl), ""].join("\n");
  return { html, text };
}
