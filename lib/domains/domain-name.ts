import { domainToASCII, domainToUnicode } from "node:url";

// Pure rules for a page's own domain (api.md, Custom domains): the form it is
// stored in, what is refused, and whether it is an apex (no subdomain: its
// records are the target's addresses, not a CNAME).

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The domain as stored (lowercase ASCII, punycode for accents, no trailing
 * dot), or null when it is no domain: an address, a name without a dot, a
 * name longer than 253 characters, a bad label, a scheme or a path.
 */
export function normalizeCustomDomain(input: string): string | null {
  const text = input.trim().toLowerCase().replace(/\.$/, "");
  if (!text || text.length > 253 || /[\s/:@?#\\[\]%]/.test(text)) return null;
  // domainToASCII answers "" for what is no domain name (a scheme, a slash, a space…).
  const ascii = domainToASCII(text);
  if (!ascii || ascii.length > 253) return null;
  const labels = ascii.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l) && isValidALabel(l))) return null;
  // A name whose last label is digits only is an address, not a domain.
  if (/^\d+$/.test(labels[labels.length - 1]!)) return null;
  return ascii;
}

/**
 * An `xn--` label must be punycode that decodes, to something that is not
 * plain ASCII, that encodes back to the same label, and (the accents api.md
 * promises) to Latin letters, digits and hyphens only. node:url decodes
 * `xn--loja` to two Ethiopic syllables ("ⶆⶆ") and would keep it: a label no
 * one typed as words, and other scripts are where look-alike names
 * (Cyrillic "аррӏе") come from. Any other label passes.
 */
function isValidALabel(label: string): boolean {
  if (!label.startsWith("xn--")) return true;
  const unicode = domainToUnicode(label);
  if (!unicode || unicode.includes("\uFFFD") || /^[\x00-\x7f]*$/.test(unicode)) return false;
  if (domainToASCII(unicode) !== label) return false;
  return /^[\p{Script=Latin}\p{Mn}0-9-]+$/u.test(unicode);
}

/** True when `domain` is the app's own host or one of its subdomains (the port is ignored). */
export function isOwnHost(domain: string, appHost: string): boolean {
  const own = appHost.replace(/:\d+$/, "").toLowerCase();
  return domain === own || domain.endsWith(`.${own}`);
}

/**
 * Second-level suffixes under which a name of three labels is still an apex
 * (minhaloja.com.br). Not the whole public-suffix list: the ones creators of
 * this app use. An apex can hold no CNAME, so it is told to copy addresses;
 * the verification accepts either way whatever this says.
 */
const SECOND_LEVEL = new Set([
  "com.br", "net.br", "org.br", "art.br", "blog.br", "eco.br", "eti.br", "tv.br", "app.br", "dev.br", "log.br", "med.br", "adv.br", "arq.br", "ind.br", "inf.br", "rec.br", "tur.br", "nom.br", "edu.br", "gov.br",
  "co.uk", "org.uk", "com.au", "com.ar", "com.mx", "com.pt", "co.jp", "co.nz", "co.za",
]);

/** True for a domain without a subdomain (minhaloja.com, minhaloja.com.br). */
export function isApexDomain(domain: string): boolean {
  const labels = domain.split(".");
  if (labels.length === 2) return true;
  return labels.length === 3 && SECOND_LEVEL.has(labels.slice(1).join("."));
}

/** Where the TXT record lives. */
export const verificationName = (domain: string) => `_vitrine.${domain}`;
/** The TXT record's value. */
export const verificationValue = (token: string) => `vitrine-verify=${token}`;
