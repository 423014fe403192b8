import "server-only";
import { randomBytes } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import { isDomainBlocked } from "@/lib/moderation/blocked-domains";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { publicHost } from "@/lib/server/public-url";
import { domainsStrings } from "@/lib/strings/domains";
import { checkDomainRecords } from "./domain-dns";
import { toDomainDto } from "./domain-dto";
import { customDomainTarget } from "./domain-feature";
import { onDomainChanged } from "./domain-hosts";
import { isOwnHost, normalizeCustomDomain } from "./domain-name";
import type { AddDomainInput, DomainDto } from "./domain-schemas";
import { addVercelDomain, removeVercelDomain } from "./vercel-domains";

const s = domainsStrings;

const invalid = () => new AppError("invalid_input", { message: s.invalid, errors: { domain: s.invalid } });

/**
 * POST /api/domains: the page's domain, pending until its records are
 * verified. Refusals (api.md): `Domínio inválido` (an address, no dot, the
 * app's own host or a subdomain, the target's, over 253 characters, a blocked
 * domain), `Esta página já tem um domínio`, `Este domínio já está em uso`;
 * Vercel refusing → 502 and nothing stored.
 */
export async function addDomain(pageId: string, input: AddDomainInput): Promise<DomainDto> {
  const target = customDomainTarget();
  const domain = normalizeCustomDomain(input.domain);
  if (!domain || isOwnHost(domain, publicHost()) || isOwnHost(domain, target)) throw invalid();
  if (await isDomainBlocked(`https://${domain}/`)) throw invalid();
  const [mine, taken] = await Promise.all([
    db.customDomain.findUnique({ where: { pageId }, select: { id: true } }),
    db.customDomain.findUnique({ where: { domain }, select: { id: true } }),
  ]);
  if (mine) throw new AppError("conflict", { message: s.pageHasDomain });
  if (taken) throw new AppError("conflict", { message: s.domainTaken });
  await addVercelDomain(domain);
  try {
    const row = await db.customDomain.create({ data: { pageId, domain, token: randomBytes(16).toString("hex") } });
    return await toDomainDto(row, target);
  } catch (error) {
    // Two requests at once: the unique indexes decide; the Vercel project keeps nothing of the loser.
    await removeVercelDomain(domain);
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const mineNow = await db.customDomain.findUnique({ where: { pageId }, select: { domain: true } });
      throw new AppError("conflict", { message: mineNow ? s.pageHasDomain : s.domainTaken });
    }
    throw error;
  }
}

/**
 * POST /api/domains/verify: active when the TXT record holds the token and
 * the domain points at the target; otherwise unchanged, with the problems.
 */
export async function verifyDomain(pageId: string, now: Date = new Date()): Promise<DomainDto> {
  const target = customDomainTarget();
  const row = await db.customDomain.findUnique({ where: { pageId }, include: { page: { select: { username: true } } } });
  if (!row) throw new AppError("not_found");
  const check = await checkDomainRecords(row.domain, row.token, target);
  if (!check.ok) return toDomainDto(row, target, check.problems);
  const updated = await db.customDomain.update({
    where: { id: row.id },
    data: { status: "active", verifiedAt: row.status === "active" && row.verifiedAt ? row.verifiedAt : now, failures: 0, invalidSince: null, lastCheckedAt: now },
  });
  if (row.status !== "active") await onDomainChanged(pageId, { pageId, domain: row.domain, username: row.page.username });
  return toDomainDto(updated, target);
}

/** DELETE /api/domains: the domain stops serving at once, on every instance. */
export async function removeDomain(pageId: string): Promise<void> {
  customDomainTarget();
  const row = await db.customDomain.findUnique({ where: { pageId }, select: { id: true } });
  if (!row) throw new AppError("not_found");
  await removeDomainRow(row.id);
}

/** Removes a domain by its id (the owner, an administrator, the jobs): from the Vercel project too. False when it was already gone. */
export async function removeDomainRow(id: string): Promise<boolean> {
  const [row] = await db.$queryRaw<{ pageId: string; domain: string }[]>`DELETE FROM "CustomDomain" WHERE "id" = ${id} RETURNING "pageId", "domain"`;
  if (!row) return false;
  await onDomainChanged(row.pageId, null);
  await removeVercelDomain(row.domain);
  return true;
}
