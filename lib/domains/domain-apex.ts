import "server-only";
import { getDomain } from "tldts";

// Whether a page's own domain is an apex, from the public suffix list's ICANN
// section (tldts). An apex can hold no CNAME, so it is told to copy the
// target's addresses; the verification accepts either way whatever this says.
// Server-side only: the list is tens of KB that no page's JavaScript needs.

/**
 * True for a domain without a subdomain: its own registrable name
 * (minhaloja.com, minhaloja.com.br, prefeitura.sp.gov.br), or a name the
 * list holds as a suffix itself (no one's subdomain either).
 */
export function isApexDomain(domain: string): boolean {
  return registrableDomain(domain) === domain;
}

/**
 * The name a DNS panel holds the domain's records under (its zone, as most
 * panels see it): the registrable domain (links.minhaloja.com.br →
 * minhaloja.com.br), or the name itself where the list knows none.
 */
export function registrableDomain(domain: string): string {
  return getDomain(domain) ?? domain;
}
