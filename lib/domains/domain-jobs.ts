import "server-only";
import { queueEmail } from "@/lib/email/outbox";
import type { Job } from "@/lib/jobs/job";
import { rolesWith } from "@/lib/permissions/page-permissions";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { log } from "@/lib/server/log";
import { publicOrigin } from "@/lib/server/public-url";
import { domainsStrings } from "@/lib/strings/domains";
import { checkDomainRecords } from "./domain-dns";
import { onDomainChanged } from "./load-host-list";
import { removeDomainRow } from "./domain-mutations";

// Custom domains' jobs (api.md, Custom domains), so that a dangling domain
// cannot be taken over: every active domain is checked again once a day; 3
// failed checks in a row make it `invalid` (it stops serving, the page's
// owners get an e-mail); one still invalid 30 days later is removed, and a
// pending one never verified within 14 days too. DNS questions take time, so
// the check holds no transaction: each domain is claimed first (its
// lastCheckedAt moved by one conditional UPDATE), so two runs at once never
// check one twice.

const DAY_MS = 24 * 60 * 60_000;
export const DOMAIN_RULES = { checkEveryMs: DAY_MS, failuresToInvalid: 3, invalidRemovedAfterMs: 30 * DAY_MS, pendingRemovedAfterMs: 14 * DAY_MS } as const;
/** Domains checked per batch (each asks the DNS a few questions). */
const CHECKS_PER_BATCH = 10;
/** Removals per batch (each may call Vercel's API). */
const REMOVALS_PER_BATCH = 20;

export function domainJobs(): Job[] {
  if (!env().CUSTOM_DOMAIN_TARGET) return [];
  return [recheckJob(), removalJob()];
}

function recheckJob(): Job {
  return {
    name: "domains.recheck",
    kind: "self-guarded",
    async step({ now, deadline }) {
      const target = env().CUSTOM_DOMAIN_TARGET!;
      const due = new Date(now.getTime() - DOMAIN_RULES.checkEveryMs + 60_000);
      const rows = await db.customDomain.findMany({
        where: { status: "active", OR: [{ lastCheckedAt: null }, { lastCheckedAt: { lte: due } }] },
        orderBy: [{ lastCheckedAt: { sort: "asc", nulls: "first" } }],
        take: CHECKS_PER_BATCH,
        select: { id: true, lastCheckedAt: true },
      });
      let done = 0;
      for (const row of rows) {
        if (Date.now() > deadline) return { done, more: true };
        // The claim: whoever moves lastCheckedAt from what was read checks it.
        const claimed = await db.customDomain.updateMany({
          where: { id: row.id, status: "active", lastCheckedAt: row.lastCheckedAt },
          data: { lastCheckedAt: now },
        });
        if (claimed.count === 0) continue;
        await recheck(row.id, target, now);
        done += 1;
      }
      return { done, more: rows.length === CHECKS_PER_BATCH };
    },
  };
}

async function recheck(id: string, target: string, now: Date): Promise<void> {
  const domain = await db.customDomain.findUnique({ where: { id }, select: { domain: true, token: true, pageId: true, failures: true } });
  if (!domain) return;
  const check = await checkDomainRecords(domain.domain, domain.token, target);
  // The DNS itself failing says nothing of the owner's records: not counted.
  if (check.dnsFailed) return log.warn("domains.recheck_dns_failed", { domain: domain.domain });
  if (check.ok) {
    if (domain.failures) await db.customDomain.update({ where: { id }, data: { failures: 0 } });
    return;
  }
  const failures = domain.failures + 1;
  if (failures < DOMAIN_RULES.failuresToInvalid) {
    await db.customDomain.update({ where: { id }, data: { failures } });
    return;
  }
  const owners = await db.$transaction(async (tx) => {
    const changed = await tx.customDomain.updateMany({ where: { id, status: "active" }, data: { failures, status: "invalid", invalidSince: now } });
    if (!changed.count) return [];
    const page = await tx.page.findUniqueOrThrow({
      where: { id: domain.pageId },
      select: {
        username: true,
        members: { where: { role: { in: rolesWith("domain.write") } }, select: { user: { select: { id: true, name: true, email: true } } } },
      },
    });
    const t = domainsStrings.mail;
    for (const { user } of page.members) {
      await queueEmail(tx, {
        userId: user.id,
        to: user.email,
        subject: t.invalidSubject(domain.domain),
        text: [
          `Olá, ${user.name}!`,
          "",
          t.invalidText(domain.domain, page.username),
          "",
          `${publicOrigin()}/settings?page=${page.username}`,
          "",
          "Equipe Vitrine",
          "",
        ].join("\n"),
      });
    }
    return page.members;
  });
  log.info("domains.invalid", { domain: domain.domain, owners: owners.length });
  await onDomainChanged(domain.pageId, null);
}

function removalJob(): Job {
  return {
    name: "domains.expired",
    kind: "self-guarded",
    async step({ now }) {
      const rows = await db.customDomain.findMany({
        where: {
          OR: [
            { status: "invalid", invalidSince: { lte: new Date(now.getTime() - DOMAIN_RULES.invalidRemovedAfterMs) } },
            { status: "pending", createdAt: { lte: new Date(now.getTime() - DOMAIN_RULES.pendingRemovedAfterMs) } },
          ],
        },
        take: REMOVALS_PER_BATCH,
        select: { id: true },
      });
      let done = 0;
      // Each removal deletes its row once (a second run finds it gone).
      for (const row of rows) if (await removeDomainRow(row.id)) done += 1;
      return { done, more: rows.length === REMOVALS_PER_BATCH };
    },
  };
}
