// Which URLs a link may hold (api.md, Links and Links (second release)):
// absolute http(s) URLs, mailto: with one address, tel: with '+' and 8-15 digits.

export const URL_MAX = 2048;

const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** `mailto:` one address (an optional ?subject=… query kept), or null. */
function normalizeMailto(raw: string): string | null {
  const rest = raw.slice("mailto:".length);
  const [address = "", query] = rest.split(/\?(.*)/s, 2);
  let decoded: string;
  try {
    decoded = decodeURIComponent(address);
  } catch {
    return null;
  }
  if (!EMAIL.test(decoded) || decoded.length > 254) return null;
  if (query !== undefined && /[\s<>"]/.test(query)) return null;
  return `mailto:${decoded}${query ? `?${query}` : ""}`;
}

/** `tel:` '+' and 8 to 15 digits (spaces, dots, hyphens and parentheses as typed are dropped), or null. */
function normalizeTel(raw: string): string | null {
  const number = raw.slice("tel:".length).replace(/[\s.()-]/g, "");
  return /^\+\d{8,15}$/.test(number) ? `tel:${number}` : null;
}

/**
 * An absolute http(s) URL of at most 2048 characters, checked on the parsed
 * URL (so " javascript:", "java\tscript:" and friends are refused), without
 * user:password. A bare "example.com" is completed to https://example.com.
 * Also `mailto:` and `tel:` as above; every other scheme is null.
 */
export function normalizeLinkUrl(input: string): string | null {
  const raw = input.trim();
  if (!raw || raw.length > URL_MAX) return null;
  if (/^mailto:/i.test(raw)) return /[\u0000-\u001f\u007f\s]/.test(raw) ? null : normalizeMailto(`mailto:${raw.slice(7)}`);
  if (/^tel:/i.test(raw)) return /[\u0000-\u001f\u007f]/.test(raw) ? null : normalizeTel(`tel:${raw.slice(4)}`);
  if (/[\u0000-\u001f\u007f\s]/.test(raw)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : /^[\w-]+(\.[\w-]+)+([/?#:]|$)/.test(raw) ? `https://${raw}` : raw;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password || !url.hostname) return null;
  if (!url.hostname.includes(".") && url.hostname !== "localhost" && !url.hostname.startsWith("[")) return null;
  return url.href.length > URL_MAX ? null : url.href;
}

/** What a dashboard row shows to tell similar links apart: the host, the address or the number. */
export function urlLabel(url: string): string {
  if (/^mailto:/i.test(url)) return url.slice(7).split("?")[0] ?? url;
  if (/^tel:/i.test(url)) return url.slice(4);
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return url;
  }
}
