import "server-only";
import { isIP } from "node:net";
import { targetAddresses } from "./domain-dns";
import { isApexDomain, registrableDomain } from "./domain-apex";
import { verificationName, verificationValue } from "./domain-name";
import type { DomainDto, DomainRecord, DomainStatus } from "./domain-schemas";

export interface DomainRow {
  id: string;
  domain: string;
  token: string;
  status: string;
  createdAt: Date;
  verifiedAt: Date | null;
}

/** The two records to create: the TXT token, and a CNAME to the target (an apex: the target's A/AAAA addresses). */
export async function domainRecords(domain: string, token: string, target: string): Promise<DomainRecord[]> {
  const txt: DomainRecord = { type: "TXT", name: verificationName(domain), value: verificationValue(token) };
  if (!isApexDomain(domain)) return [txt, { type: "CNAME", name: domain, value: target }];
  const addresses = await targetAddresses(target);
  return [txt, ...addresses.map((a): DomainRecord => ({ type: isIP(a) === 6 ? "AAAA" : "A", name: domain, value: a }))];
}

export async function toDomainDto(row: DomainRow, target: string, problems?: string[]): Promise<DomainDto> {
  return {
    id: row.id,
    domain: row.domain,
    zone: registrableDomain(row.domain),
    status: row.status as DomainStatus,
    records: await domainRecords(row.domain, row.token, target),
    createdAt: row.createdAt.toISOString(),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    ...(problems ? { problems } : {}),
  };
}
