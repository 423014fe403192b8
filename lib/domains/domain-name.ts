import { domainToASCII, domainToUnicode } from "node:url";

// Pure rules for a page's own domain (api.md, Custom domains): the form it is
// stored in and what is refused (whether it is an apex: domain-apex.ts).

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

/** Where the TXT record lives. */
export const verificationName = (domain: string) => `_vitrine.${domain}`;
/** The TXT record's value. */
export const verificationValue = (token: string) => `vitrine-verify=${token}`;
