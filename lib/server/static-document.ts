import "server-only";
import { createHash } from "node:crypto";

// Turns a page Next rendered for one request (its scripts carrying that
// request's nonce) into a document any visitor may be served: the nonce is
// removed, and each inline script is allowed by its hash instead.

interface StaticDocument {
  html: string;
  /** SHA-256, base64, of each distinct inline script, in document order. */
  scriptHashes: string[];
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The nonce of a Content-Security-Policy ('nonce-…' in script-src), or null. */
export function nonceOf(csp: string | null): string | null {
  return /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(csp ?? "")?.[1] ?? null;
}

/**
 * null when the render carried no nonce (not a page of ours rendered as
 * expected). The nonce goes from the tags' attributes and from the page's
 * data (React's payload repeats it for the tags it hoists, as "nonce":"…";
 * base64 only, so removing it leaves "nonce":""): a document served to
 * everyone carries none.
 */
export function toStaticDocument(rendered: string, nonce: string): StaticDocument | null {
  if (!nonce || !rendered.includes(nonce)) return null;
  const html = rendered
    .replace(new RegExp(`\\snonce="${escapeRegExp(nonce)}"`, "g"), "")
    .split(nonce)
    .join("");
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes!)) continue;
    // Browsers hash the script's text as parsed: line breaks normalised to \n.
    hashes.add(createHash("sha256").update(body!.replace(/\r\n?/g, "\n"), "utf8").digest("base64"));
  }
  return { html, scriptHashes: [...hashes] };
}
