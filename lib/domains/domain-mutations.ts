import "server-only";
import { randomBytes } from "node:crypto";
import { queueEmail } from "@/lib/email/outbox";
import { Prisma } from "@/lib/generated/prisma/client";
import { isDomainBlocked } from "@/lib/moderation/blocked-domains";
import { rolesWith } from "@/lib/permissions/page-permissions";
import { db, type Tx } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { publicHost, publicOrigin } from "@/lib/server/public-url";
import { domainsStrings } from "@/lib/strings/domains";
import { checkDomainRecords } from "./domain-dns";
import { toDomainDto } from "./domain-dto";
import { customDomainTarget } from "./domain-feature";
import { onDomainChanged } from "./load-host-list";
import { isOwnHost, normalizeCustomDomain } from "./domain-name";
import type { AddDomainInput, DomainDto } from "./domain-schemas";
import { addVercelDomain, removeVercelDomain, vercelDomainsOn } from "./vercel-domains";

// A page's claim on a name (api.md, Custom domains; "Only an active domain
// holds its name"). Several pages may claim a name pending (or invalid); the
// partial unique index CustomDomain_active_domain_key lets one row only be
// active. The first to verify takes the name and the other claims go.

const s = domainsStrings;
/** Advisory locks on a name: (this namespace, hashtext of the name). */
const NAME_LOCK = 7_413_025;

const invalid = () => new AppError("invalid_input", { message: s.invalid, errors: { domain: s.invalid } });
const inUse = () => new AppError("conflict", { message: s.domainTaken });
const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/** Adding a claim and verifying one take turns on a name: a verification's removal of the other claims misses none. */
async function lockName(tx: Tx, domain: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${NAME_LOCK}::int4, hashtext(${domain}))`;
}

/**
 * POST /api/domains: the page's claim, pending until its records are
 * verified. Refusals (api.md): `Domínio inválido` (an address, no dot, bad
 * punycode, the app's own host or a subdomain, the target's, over 253
 * characters, a blocked domain), `Esta página já tem um domínio`, `Este
 * domínio já está em uso` (active on another page; a pending claim elsewhere
 * is no refusal); Vercel refusing → 502 and nothing stored.
 */
export async function addDomain(pageId: string, input: AddDomainInput): Promise<DomainDto> {
  const target = customDomainTarget();
  const domain = normalizeCustomDomain(input.domain);
  if (!domain || isOwnHost(domain, publicHost()) || isOwnHost(domain, target)) throw invalid();
  if (await isDomainBlocked(`https://${domain}/`)) throw invalid();
  // The row before the Vercel call: while a claim's call runs, its row already keeps a removal from taking the name out of the project.
  const row = await db
    .$transaction(async (tx) => {
      await lockName(tx, domain);
      if (await tx.customDomain.findUnique({ where: { pageId }, select: { id: true } })) throw new AppError("conflict", { message: s.pageHasDomain });
      if (await tx.customDomain.findFirst({ where: { domain, status: "active" }, select: { id: true } })) throw inUse();
      return tx.customDomain.create({ data: { pageId, domain, token: randomBytes(16).toString("hex") } });
    })
    .catch((error: unknown) => {
      // A pending row can only collide on pageId: the same page adding two names at once.
      if (isUniqueViolation(error)) throw new AppError("conflict", { message: s.pageHasDomain });
      throw error;
    });
  try {
    await addVercelDomain(domain);
  } catch (error) {
    await db.customDomain.deleteMany({ where: { id: row.id } });
    throw error;
  }
  return toDomainDto(row, target);
}

/**
 * POST /api/domains/verify: active when the TXT record holds the token and
 * the domain points at the target; otherwise unchanged, with the problems.
 * A name active on another page → 409 `Este domínio já está em uso`, the
 * claim left pending. The first to verify takes the name: the other claims
 * are removed in the same transaction and their pages' owners e-mailed.
 */
export async function verifyDomain(pageId: string, now: Date = new Date()): Promise<DomainDto> {
  const target = customDomainTarget();
  const row = await db.customDomain.findUnique({ where: { pageId }, include: { page: { select: { username: true } } } });
  if (!row) throw new AppError("not_found");
  if (await db.customDomain.findFirst({ where: { domain: row.domain, status: "active", id: { not: row.id } }, select: { id: true } })) throw inUse();
  const check = await checkDomainRecords(row.domain, row.token, target);
  if (!check.ok) return toDomainDto(row, target, check.problems);
  let updated;
  try {
    updated = await db.$transaction(async (tx) => {
      await lockName(tx, row.domain);
      const changed = await tx.customDomain.updateMany({
        where: { id: row.id },
        data: {
          status: "active",
          verifiedAt: row.status === "active" && row.verifiedAt ? row.verifiedAt : now,
          failures: 0,
          invalidSince: null,
          lastCheckedAt: now,
        },
      });
      // Gone meanwhile: another page verified first and removed this claim.
      if (!changed.count) throw inUse();
      await removeOtherClaims(tx, row.domain, row.id);
      return tx.customDomain.findUniqueOrThrow({ where: { id: row.id } });
    });
  } catch (error) {
    // The partial unique index decides a race: another page's claim became active first.
    if (isUniqueViolation(error)) throw inUse();
    throw error;
  }
  if (row.status !== "active") await onDomainChanged(pageId, { pageId, domain: row.domain, username: row.page.username });
  return toDomainDto(updated, target);
}

/** Deletes every other claim on the name and tells each of those pages' owners (members who may delete the page). */
async function removeOtherClaims(tx: Tx, domain: string, keptId: string): Promise<void> {
  const others = await tx.customDomain.findMany({
    where: { domain, id: { not: keptId } },
    select: {
      id: true,
      page: {
        select: {
          username: true,
          members: { where: { role: { in: rolesWith("page.delete") } }, select: { user: { select: { id: true, name: true, email: true } } } },
        },
      },
    },
  });
  if (!others.length) return;
  await tx.customDomain.deleteMany({ where: { id: { in: others.map((o) => o.id) } } });
  const t = s.mail;
  for (const { page } of others) {
    for (const { user } of page.members) {
      await queueEmail(tx, {
        userId: user.id,
        to: user.email,
        subject: t.claimLostSubject(domain),
        text: [
          `Olá, ${user.name}!`,
          "",
          t.claimLostText(domain, page.username),
          "",
          `${publicOrigin()}/settings?page=${page.username}`,
          "",
          "Equipe Vitrine",
          "",
        ].join("\n"),
      });
    }
  }
  log.info("domains.claims_removed", { domain, claims: others.length });
}

/** DELETE /api/domains: the domain stops serving at once, on every instance. */
export async function removeDomain(pageId: string): Promise<void> {
  customDomainTarget();
  const row = await db.customDomain.findUnique({ where: { pageId }, select: { id: true } });
  if (!row) throw new AppError("not_found");
  await removeDomainRow(row.id);
}

/** Removes a claim by its id (the owner, an administrator, the jobs), and the name from the Vercel project when no other claim holds it. False when it was already gone. */
export async function removeDomainRow(id: string): Promise<boolean> {
  const [row] = await db.$queryRaw<{ pageId: string; domain: string }[]>`DELETE FROM "CustomDomain" WHERE "id" = ${id} RETURNING "pageId", "domain"`;
  if (!row) return false;
  await onDomainChanged(row.pageId, null);
  await releaseVercelDomain(row.domain);
  return true;
}

/**
 * The Vercel project holds a name once, for every claim on it: it leaves the
 * project when no row claims it any more. A claim added while it was leaving
 * (its row is written before its own Vercel call) gets it back.
 */
async function releaseVercelDomain(domain: string): Promise<void> {
  if (!vercelDomainsOn()) return;
  const claimed = async () => (await db.customDomain.count({ where: { domain } })) > 0;
  if (await claimed()) return;
  await removeVercelDomain(domain);
  if (await claimed()) await addVercelDomain(domain).catch((error: unknown) => log.warn("vercel.domain_readd_failed", { domain, error: String(error) }));
}
