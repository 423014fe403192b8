import "server-only";
import { databaseKind } from "@/lib/server/db";
import { hostFeatures, provideHook } from "@/lib/server/host.mjs";
import { errorFields, log } from "@/lib/server/log";
import { deliverQueuedWebhooks } from "./webhook-worker";

// Where a request's webhook deliveries are sent from, right after its
// response. Under npm start on PostgreSQL, by server.mjs's background sender:
// a second process of the same app, in Linux's idle scheduling class, handed
// the ids when the server has no request in flight (20 s at most), so that
// sending them (a request to each endpoint, their signatures, their outcomes
// written back) never takes the server's event loop, its cores or its
// database time from the requests. Everywhere else (next start and serverless
// hosts, where after() keeps the instance alive for them, and the embedded
// database, which only its own process can open) by the request's own
// process, in after().
// Either way the deliveries are rows first: ids the sender never gets to are
// sent by the jobs.

/** Ids taken in one claim at most. */
const BATCH = 500;
/** Claims in flight at most; past it the ids are left to the jobs (an endpoint that stalls must not fill the sender's memory). */
const MAX_IN_FLIGHT = 20;

/** At start-up in the server: starts the background sender where it applies. */
export function startWebhookSender(): void {
  if (databaseKind() === "postgres") hostFeatures()?.sender?.start();
}

/** Hands deliveries `ids`, born claimed by `claim`, to the background sender; false when there is none to take them (the caller sends them). */
export function handOffWebhooks(ids: readonly string[], claim: string): boolean {
  return hostFeatures()?.sender?.send(ids, claim) ?? false;
}

type Deliver = (ids: readonly string[], options: { claim?: string }) => Promise<unknown>;

/** The background sender lives on: a failed first try's retry, 5 s later, leaves from a timer of its own. */
const deliverWithRetry: Deliver = (ids, options) => deliverQueuedWebhooks(ids, { ...options, firstRetry: "timer" });

/**
 * Takes ids as they arrive and sends them in batches: the ids of every
 * request handed over since the last batch are read (or claimed) in one
 * statement, each outcome written as its attempt ends, at most four attempts
 * at once to one host (lib/webhooks/webhook-worker.ts). An id already waiting
 * or being sent is not taken twice. A failed first try's retry, 5 s later,
 * leaves from this process's timer; if the process ends first, the jobs send it.
 */
export function webhookBatcher(deliver: Deliver = deliverWithRetry) {
  /** Id → the claim it was born with ("" for none). */
  const waiting = new Map<string, string>();
  const sendingIds = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let scheduled = false;
  /** Who waits for everything taken to be tried (settled). */
  const settling: (() => void)[] = [];

  const flush = () => {
    scheduled = false;
    while (waiting.size && inFlight.size < MAX_IN_FLIGHT) {
      const batch = [...waiting].slice(0, BATCH);
      const byClaim = new Map<string, string[]>();
      for (const [id, claim] of batch) {
        waiting.delete(id);
        sendingIds.add(id);
        const ids = byClaim.get(claim);
        if (ids) ids.push(id);
        else byClaim.set(claim, [id]);
      }
      for (const [claim, ids] of byClaim) {
        const sending: Promise<void> = deliver(ids, claim ? { claim } : {})
          .then(() => undefined)
          .catch((error: unknown) => log.warn("webhook.sender_failed", errorFields(error)))
          .finally(() => {
            inFlight.delete(sending);
            for (const id of ids) sendingIds.delete(id);
            if (waiting.size) schedule();
            else if (!inFlight.size) for (const resolve of settling.splice(0)) resolve();
          });
        inFlight.add(sending);
      }
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };

  return {
    take(ids: readonly string[], claim = "") {
      if (waiting.size >= BATCH * MAX_IN_FLIGHT) {
        log.warn("webhook.sender_full", { left: ids.length });
        return;
      }
      for (const id of ids) if (!sendingIds.has(id)) waiting.set(id, claim);
      schedule();
    },
    /** Resolves once every id taken so far has been tried. */
    settled(): Promise<void> {
      if (!waiting.size && !inFlight.size) return Promise.resolve();
      return new Promise<void>((resolve) => settling.push(resolve));
    },
  };
}

/** At start-up in the background sender process: what server.mjs hands the ids to. */
export function registerWebhookSender(): void {
  provideHook("webhookSender", webhookBatcher());
}
