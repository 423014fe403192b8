import { z } from "zod";
import { domainsStrings } from "@/lib/strings/domains";

// One schema for the 'Domínio próprio' form and POST /api/domains (client-safe:
// the server then stores the name's ASCII form, lib/domains/domain-name.ts).

// Whatever is sent, the answer to a bad name is the one api.md names (`Domínio inválido`, on the field),
// given by the server's rules (lib/domains/domain-name.ts); the form shows it for an empty field too.
export const addDomainSchema = z.object({
  domain: z.string().trim().min(1, domainsStrings.invalid).max(300, domainsStrings.invalid).catch(""),
});
export type AddDomainInput = z.infer<typeof addDomainSchema>;

export const allowedQuerySchema = z.object({ domain: z.string().trim().min(1).max(300) });

export const DOMAIN_STATUSES = ["pending", "active", "invalid"] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** A record's name as a DNS panel asks it, relative to the zone: `_vitrine.links`, `links`, `@` for the zone itself. */
export function relativeName(name: string, zone: string): string {
  if (name === zone) return "@";
  return name.endsWith(`.${zone}`) ? name.slice(0, -(zone.length + 1)) : name;
}

export interface DomainRecord {
  type: "TXT" | "CNAME" | "A" | "AAAA";
  name: string;
  value: string;
}

/** A page's domain as the API answers it. */
export interface DomainDto {
  id: string;
  domain: string;
  /** The registrable domain (public suffix list): the records' names are given relative to it, as DNS panels ask. */
  zone: string;
  status: DomainStatus;
  records: DomainRecord[];
  createdAt: string;
  verifiedAt: string | null;
  /** After 'Verificar' that did not succeed: what is missing, in pt-BR. */
  problems?: string[];
}
