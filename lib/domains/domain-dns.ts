import "server-only";
import { dnsResolver, orNone, resolveAddresses } from "@/lib/server/dns";
import { domainsStrings } from "@/lib/strings/domains";
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
    if (txt !== "ok") problems.push(txt === "missing" ? s.txtMissing(verificationName(domain)) : s.txtWrong(verificationName(domain), verificationValue(token)));
    if (points !== "ok") problems.push(points === "cname" ? s.cnameWrong(domain, target) : s.addressesWrong(domain, target));
    return { ok: problems.length === 0, problems, dnsFailed: false };
  } catch {
    return { ok: false, problems: [s.dnsFailed], dnsFailed: true };
  }
}

async function hasToken(domain: string, token: string): Promise<"ok" | "missing" | "wrong"> {
  const records = await orNone(dnsResolver().resolveTxt(verificationName(domain)));
  if (!records.length) return "missing";
  // A TXT record may come in several chunks (how they are split changed in Node 21.7): joined, it is the value.
  return records.some((chunks) => chunks.join("") === verificationValue(token)) ? "ok" : "wrong";
}

/** "ok", or which way it fails: "cname" (a CNAME that leads elsewhere) or "addresses" (no CNAME, and addresses not the target's). */
async function pointsAtTarget(domain: string, target: string): Promise<"ok" | "cname" | "addresses"> {
  const resolver = dnsResolver();
  let name = domain;
  let followed = false;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const [next] = await orNone(resolver.resolveCname(name));
    if (!next) break;
    followed = true;
    name = next.toLowerCase().replace(/\.$/, "");
    if (name === target) return "ok";
  }
  // A CNAME chain that ends elsewhere, or an apex's own addresses: every one must be the target's.
  const [own, targets] = await Promise.all([resolveAddresses(name), resolveAddresses(target)]);
  const allowed = new Set(targets);
  if (own.length > 0 && own.every((a) => allowed.has(a))) return "ok";
  return followed ? "cname" : "addresses";
}

/** The target's addresses, for the records an apex must copy. */
export async function targetAddresses(target: string): Promise<string[]> {
  try {
    return await resolveAddresses(target);
  } catch {
    return [];
  }
}
