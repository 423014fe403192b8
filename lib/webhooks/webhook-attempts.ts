import "server-only";
import { describeFailure } from "@/lib/email/worker";
import { unseal } from "@/lib/email/seal";
import type { Db } from "@/lib/server/db";
import { CheckedHost, OutboundError, outboundUrl, safeFetch } from "@/lib/server/outbound";
import { inHostSlot } from "./host-slots";
import { PING_EVENT } from "./webhook-events";
import { ENDPOINT_OFF, recordOutcomes, type Claimed, type Outcome, type Recorded } from "./webhook-outcomes";
import { webhookHeaders } from "./webhook-sign";
import { WEBHOOK_TIMEOUT_MS } from "./webhook-timing";

// The attempts of a batch of claimed deliveries, all at once but at most
// HOST_SLOTS to one host (lib/webhooks/host-slots.ts). Each host name is
// resolved and checked once for the batch, and every attempt to it connects
// to a checked address (lib/server/outbound.ts). Each outcome is written as
// its attempt ends: a receiver that hangs 15 s holds up no other row.

const ANSWER_MAX_BYTES = 64 * 1024;

export interface AttemptRun {
  client: Db;
  /** The claim the rows are held by. */
  workerId: string;
  /** The time outcomes are written at (tests move it); the real one when absent. */
  now?: Date;
  /** Failed first tries once written: due again at `at` (lib/webhooks/webhook-worker.ts retries them here). */
  onFirstRetries?: (ids: string[], at: Date) => void;
}

/** Sends `rows` (claimed by run.workerId) and writes each outcome; resolves with how many were delivered once all have ended. */
export async function attemptDeliveries(run: AttemptRun, rows: readonly Claimed[]): Promise<number> {
  const claimedAt = Date.now();
  const hosts = new Map<string, Promise<CheckedHost>>();
  const write = outcomeWriter(run);
  const unsent: string[] = [];
  const each = rows.map(async (d) => {
    const outcome = await attempt(d, hosts, () => claimedAt + d.claimLeftMs - Date.now() > WEBHOOK_TIMEOUT_MS);
    if (outcome) return write(outcome);
    unsent.push(d.id);
    return 0;
  });
  const settled = await Promise.allSettled(each);
  if (unsent.length) await releaseUnsent(run, unsent);
  const failure = settled.find((s) => s.status === "rejected");
  if (failure) throw failure.reason;
  return settled.reduce((sum, s) => sum + (s.status === "fulfilled" ? s.value : 0), 0);
}

/**
 * One delivery's attempt in its host's turn, or null when its turn came too
 * late for the attempt to end inside its claim (it is released, not failed).
 */
async function attempt(d: Claimed, hosts: Map<string, Promise<CheckedHost>>, inClaim: () => boolean): Promise<Outcome | null> {
  // None to an endpoint turned off, but the owner's own 'Enviar teste'.
  if (!d.active && d.type !== PING_EVENT) return { d, statusCode: null, error: ENDPOINT_OFF };
  let url: URL;
  try {
    url = outboundUrl(d.url);
  } catch (e) {
    return failed(d, e);
  }
  return inHostSlot(url.hostname, async () => {
    if (!inClaim()) return null;
    try {
      let checked = hosts.get(url.hostname);
      if (!checked) hosts.set(url.hostname, (checked = CheckedHost.of(url)));
      const answer = await safeFetch(url, {
        method: "POST",
        headers: webhookHeaders(unseal(d.secret), d.eventId, d.payload, new Date()),
        body: d.payload,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        maxBytes: ANSWER_MAX_BYTES,
        keepAlive: true,
        checked: await checked,
      });
      return { d, statusCode: answer.status, error: answer.status < 200 || answer.status > 299 ? `HTTP ${answer.status}` : null };
    } catch (e) {
      return failed(d, e);
    }
  });
}

const failed = (d: Claimed, e: unknown): Outcome => ({ d, statusCode: null, error: e instanceof OutboundError ? e.failure : describeFailure(e) });

/**
 * Writes outcomes as they come: those that end while a write is under way
 * wait for it and go together in the next one. Resolves with 1 when the
 * outcome's row was delivered, else 0.
 */
function outcomeWriter(run: AttemptRun) {
  let chain: Promise<unknown> = Promise.resolve();
  let queued: Outcome[] = [];
  let current: Promise<Recorded> | null = null;
  return (outcome: Outcome): Promise<number> => {
    queued.push(outcome);
    if (!current) {
      const written = chain.then(async () => {
        const batch = queued;
        queued = [];
        current = null;
        const recorded = await recordOutcomes(run.client, run.workerId, batch, run.now ?? new Date());
        if (recorded.firstRetries) run.onFirstRetries?.(recorded.firstRetries.ids, recorded.firstRetries.at);
        return recorded;
      });
      current = written;
      chain = written.catch(() => undefined);
    }
    return current.then(() => (outcome.error ? 0 : 1));
  };
}

/** Rows whose turn came too late: their claim is given back, and the attempt it counted, for the next pass (the jobs'). */
async function releaseUnsent(run: AttemptRun, ids: readonly string[]): Promise<void> {
  await run.client.webhookDelivery.updateMany({
    where: { id: { in: [...ids] }, lockedBy: run.workerId, status: "pending" },
    data: { attempts: { decrement: 1 }, lockedBy: null, lockedUntil: null },
  });
}
