import "server-only";
import { queueEmail } from "@/lib/email/outbox";
import { rolesWith } from "@/lib/permissions/page-permissions";
import type { Db } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { apiStrings } from "@/lib/strings/api";
import { FAILING_OFF_MS, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS } from "./webhook-timing";

// The outcome of an attempt written on its row (still the sender's claim):
// delivered, another try later, or failed; and the endpoint's failing clock.

/** A claimed delivery with its endpoint, read with the claim (lib/webhooks/webhook-worker.ts). */
export interface Claimed {
  id: string;
  endpointId: string;
  eventId: string;
  type: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
  active: boolean;
  failingSince: Date | null;
  /** Milliseconds of its claim left when it was claimed (or read, for a first try born claimed). */
  claimLeftMs: number;
}

export interface Outcome {
  d: Claimed;
  statusCode: number | null;
  error: string | null;
}

export const ENDPOINT_OFF = "endpoint off";

/** What a batch of outcomes came to: how many were delivered, and which failed first tries are due again when. */
export interface Recorded {
  delivered: number;
  firstRetries: { ids: string[]; at: Date } | null;
}

/**
 * The outcomes on their rows (each still `workerId`'s): the delivered ones in
 * one statement per answer code (outcomes that end together are one write),
 * each failure on its own (another try, or failed) with its endpoint's.
 */
export async function recordOutcomes(client: Db, workerId: string, outcomes: readonly Outcome[], now: Date): Promise<Recorded> {
  const delivered = outcomes.filter((o) => !o.error);
  const byCode = new Map<number | null, string[]>();
  for (const o of delivered) {
    const ids = byCode.get(o.statusCode);
    if (ids) ids.push(o.d.id);
    else byCode.set(o.statusCode, [o.d.id]);
  }
  for (const [code, ids] of byCode) {
    await client.webhookDelivery.updateMany({
      where: { id: { in: ids }, lockedBy: workerId },
      data: { status: "delivered", deliveredAt: now, lastStatusCode: code, lastError: null, lockedUntil: null },
    });
  }
  const recovered = [...new Set(delivered.filter((o) => o.d.failingSince).map((o) => o.d.endpointId))];
  if (recovered.length) await client.webhookEndpoint.updateMany({ where: { id: { in: recovered }, failingSince: { not: null } }, data: { failingSince: null } });
  if (delivered.length) log.info("webhook.delivered", { count: delivered.length, attempts: [...new Set(delivered.map((o) => o.d.attempts))] });
  const retried: string[] = [];
  for (const { d, statusCode, error } of outcomes) {
    if (!error) continue;
    const last = d.attempts >= WEBHOOK_MAX_ATTEMPTS || error === ENDPOINT_OFF;
    const delay = WEBHOOK_RETRY_DELAYS_MS[Math.min(d.attempts, WEBHOOK_RETRY_DELAYS_MS.length) - 1] ?? 0;
    // Released (lockedUntil null): whoever claims it first once it is due sends it, this process's timer or the jobs.
    const { count } = await client.webhookDelivery.updateMany({
      where: { id: d.id, lockedBy: workerId },
      data: { status: last ? "failed" : "pending", lastStatusCode: statusCode, lastError: error, lockedUntil: null, ...(last ? {} : { nextAttemptAt: new Date(now.getTime() + delay) }) },
    });
    if (count && !last && d.attempts === 1) retried.push(d.id);
    log.warn(last ? "webhook.gave_up" : "webhook.failed", { id: d.id, attempt: d.attempts, error });
    await noteFailure(client, d.endpointId, now);
  }
  return { delivered: delivered.length, firstRetries: retried.length ? { ids: retried, at: new Date(now.getTime() + WEBHOOK_RETRY_DELAYS_MS[0]!) } : null };
}

/** The endpoint has failed since `failingSince`; 5 days of it turns it off and tells the page's owners, once. */
async function noteFailure(client: Db, endpointId: string, now: Date): Promise<void> {
  await client.webhookEndpoint.updateMany({ where: { id: endpointId, failingSince: null }, data: { failingSince: now } });
  const off = await client.webhookEndpoint.updateMany({
    where: { id: endpointId, active: true, failingSince: { lte: new Date(now.getTime() - FAILING_OFF_MS) } },
    data: { active: false },
  });
  if (!off.count) return;
  const endpoint = await client.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId }, select: { url: true, page: { select: { id: true, username: true } } } });
  const owners = await client.pageMember.findMany({ where: { pageId: endpoint.page.id, role: { in: rolesWith("page.delete") } }, select: { user: { select: { id: true, email: true } } } });
  for (const { user } of owners) {
    await queueEmail(client, { userId: user.id, to: user.email, subject: apiStrings.endpointOffSubject, text: apiStrings.endpointOffText(endpoint.url, endpoint.page.username) });
  }
  log.warn("webhook.endpoint_off", { endpointId });
}
