// Pure rules for blocked domains: what a domain is, which host a link points
// to, and which stored domains would cover that host.

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The canonical form of a domain an administrator types ("Evil.Example",
 * "https://evil.example/path", "*.evil.example."), or null when it is not one:
 * lowercase, punycode, without a trailing dot; at least two labels.
 */
export function normalizeDomain(input: string): string | null {
  let text = input.trim().toLowerCase();
  if (!text || text.length > 253) return null;
  text = text.replace(/^\*\./, "");
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(text) ? text : `http://${text}`).hostname;
  } catch {
    return null;
  }
  host = host.replace(/\.$/, "");
  const labels = host.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  if (/^\d+$/.test(labels[labels.length - 1]!)) return null; // an IP address, not a domain
  return host;
}

/** The host a link leads to (lowercase, punycode, no trailing dot); a mailto: address's domain; else null. */
export function linkHost(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol === "mailto:") {
    const at = parsed.pathname.lastIndexOf("@");
    return at < 0 ? null : normalizeDomain(decodeURIComponent(parsed.pathname.slice(at + 1)));
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  return parsed.hostname.replace(/\.$/, "") || null;
}

/** The host itself and every parent domain of two labels or more: a.b.evil.example → [a.b.evil.example, b.evil.example, evil.example]. */
export function domainCandidates(host: string): string[] {
  const labels = host.split(".");
  const out: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) out.push(labels.slice(i).join("."));
  return out;
}

/** True when the host is one of the domains or a subdomain of one. */
export function isHostCovered(host: string, blocked: ReadonlySet<string>): boolean {
  return domainCandidates(host).some((d) => blocked.has(d));
}
