import "server-only";
import { dnsResolver, orNone, resolveAddresses } from "@/lib/server/dns";
import { domainsStrings } from "@/lib/strings/domains";
import { isApexDomain } from "./domain-apex";
import { verificationName, verificationValue } from "./domain-name";

// What the DNS says of a page's domain (api.md, Custom domains), through
// lib/server/dns.ts (DNS_SERVERS): the TXT token at _vitrine.{domain} (a
// record's chunks joined) and the domain pointing at CUSTOM_DOMAIN_TARGET,
// either by a CNAME chain that reaches it or by addresses that are all among
// the target's (an apex, which can hold no CNAME).

const s = domainsStrings.problems;
/** CNAME hops followed before giving up (a loop or a long chain). */
const MAX_HOPS = 8;

export interface DomainCheck {
  ok: boolean;
  /** What is missing, in pt-BR (empty when ok). */
  problems: string[];
  /** True when the DNS could not be asked (a timeout, a server failure): not the owner's fault, and no job counts it as a failure. */
  dnsFailed: boolean;
}

export async function checkDomainRecords(domain: string, token: string, target: string): Promise<DomainCheck> {
  try {
    const [txt, points] = await Promise.all([hasToken(domain, token), pointsAtTarget(domain, target)]);
    const problems: string[] = [];
    if (txt.state !== "ok")
      problems.push(
        txt.state === "missing" ? s.txtMissing(verificationName(domain)) : s.txtWrong(verificationName(domain), verificationValue(token), txt.found),
      );
    if (points.state !== "ok") problems.push(pointingProblem(domain, target, points));
    return { ok: problems.length === 0, problems, dnsFailed: false };
  } catch {
    return { ok: false, problems: [s.dnsFailed], dnsFailed: true };
  }
}

/**
 * The problem said of the record the card asked for: a CNAME for a subdomain,
 * the A/AAAA addresses for a domain without one; and what the DNS holds instead.
 */
function pointingProblem(domain: string, target: string, points: Exclude<Pointing, { state: "ok" }>): string {
  if (isApexDomain(domain)) return points.addresses.length ? s.addressesWrong(domain, target, points.addresses) : s.addressesMissing(domain, target);
  if (points.state === "cname") return s.cnameWrong(domain, target, points.cname);
  return points.addresses.length ? s.cnameMissingWithAddresses(domain, target, points.addresses) : s.cnameMissing(domain, target);
}

async function hasToken(domain: string, token: string): Promise<{ state: "ok" | "missing" | "wrong"; found: string[] }> {
  const records = await orNone(dnsResolver().resolveTxt(verificationName(domain)));
  if (!records.length) return { state: "missing", found: [] };
  // A TXT record may come in several chunks (how they are split changed in Node 21.7): joined, it is the value.
  const found = records.map((chunks) => chunks.join(""));
  return { state: found.includes(verificationValue(token)) ? "ok" : "wrong", found };
}

/** Whether the domain reaches the target, or how it fails: a CNAME that leads elsewhere (the last name it reached), or no CNAME (the addresses found). */
type Pointing = { state: "ok" } | { state: "cname"; cname: string; addresses: string[] } | { state: "addresses"; addresses: string[] };

async function pointsAtTarget(domain: string, target: string): Promise<Pointing> {
  const resolver = dnsResolver();
  let name = domain;
  let followed = false;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const [next] = await orNone(resolver.resolveCname(name));
    if (!next) break;
    followed = true;
    name = next.toLowerCase().replace(/\.$/, "");
    if (name === target) return { state: "ok" };
  }
  // A CNAME chain that ends elsewhere, or an apex's own addresses: every one must be the target's.
  const [own, targets] = await Promise.all([resolveAddresses(name), resolveAddresses(target)]);
  const allowed = new Set(targets);
  if (own.length > 0 && own.every((a) => allowed.has(a))) return { state: "ok" };
  return followed ? { state: "cname", cname: name, addresses: own } : { state: "addresses", addresses: own };
}

/** The target's addresses, for the records an apex must copy. */
export async function targetAddresses(target: string): Promise<string[]> {
  try {
    return await resolveAddresses(target);
  } catch {
    return [];
  }
}
