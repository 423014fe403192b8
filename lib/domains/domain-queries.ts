import "server-only";
import { db } from "@/lib/server/db";
import { customDomainTarget } from "./domain-feature";
import { toDomainDto } from "./domain-dto";
import type { DomainDto } from "./domain-schemas";

/** GET /api/domains: the page's domain, or null. */
export async function pageDomain(pageId: string): Promise<DomainDto | null> {
  const row = await db.customDomain.findUnique({ where: { pageId } });
  return row ? toDomainDto(row, customDomainTarget()) : null;
}

/** GET /api/domains/allowed: true when the domain is active (one index lookup by name; pending claims on the name are other rows, never allowed). */
export async function isDomainAllowed(domain: string): Promise<boolean> {
  const name = domain.trim().toLowerCase().replace(/\.$/, "");
  const row = await db.customDomain.findFirst({ where: { domain: name, status: "active" }, select: { id: true } });
  return row !== null;
}

/**
 * The page's active custom domain (e.g. `links.minhaloja.com.br`), or null:
 * for the page's QR code and any address that should name the domain.
 */
export async function activeDomainOf(pageId: string): Promise<string | null> {
  const row = await db.customDomain.findFirst({ where: { pageId, status: "active" }, select: { domain: true } });
  return row?.domain ?? null;
}

/** The administration's list: every domain, newest first. */
export async function listDomainsForAdmin(): Promise<
  { id: string; domain: string; status: string; since: string; page: { id: string; username: string; name: string } }[]
> {
  const rows = await db.customDomain.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: 500,
    select: {
      id: true,
      domain: true,
      status: true,
      createdAt: true,
      verifiedAt: true,
      invalidSince: true,
      page: { select: { id: true, username: true, name: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    domain: r.domain,
    status: r.status,
    since: (r.status === "invalid" ? r.invalidSince : r.status === "active" ? r.verifiedAt : r.createdAt)?.toISOString() ?? r.createdAt.toISOString(),
    page: r.page,
  }));
}
