import "server-only";
import { unseal } from "@/lib/email/seal";
import { describeFailure } from "@/lib/outbox/describe-failure";
import type { Attempts } from "@/lib/outbox/outbox-kind";
import { CheckedHost, OutboundError, outboundUrl, safeFetch } from "@/lib/server/outbound";
import { inHostSlot } from "./host-slots";
import { PING_EVENT } from "./webhook-events";
import { ENDPOINT_OFF, type ClaimedDelivery, type DeliveryOutcome } from "./webhook-outcomes";
import { webhookHeaders } from "./webhook-sign";
import { WEBHOOK_TIMEOUT_MS } from "./webhook-timing";

// The attempts of a batch of claimed deliveries, all at once but at most
// HOST_SLOTS to one host (lib/webhooks/host-slots.ts). Each host name is
// resolved and checked once for the batch, and every attempt to it connects
// to a checked address (lib/server/outbound.ts). Each outcome goes to the
// outbox as its attempt ends (lib/outbox/send-rows.ts writes it at once).

const ANSWER_MAX_BYTES = 64 * 1024;

/** Sends `rows`; resolves once every attempt has ended. */
export async function attemptDeliveries(rows: readonly ClaimedDelivery[], attempts: Attempts<ClaimedDelivery>): Promise<void> {
  const hosts = new Map<string, Promise<CheckedHost>>();
  await Promise.all(
    rows.map(async (d) => {
      const outcome = await attempt(d, hosts, () => attempts.inClaim(d));
      if (outcome) attempts.done(outcome);
    }),
  );
}

/**
 * One delivery's attempt in its host's turn, or null when its turn came too
 * late for the attempt to end inside its claim (it is released, not failed).
 */
async function attempt(d: ClaimedDelivery, hosts: Map<string, Promise<CheckedHost>>, inClaim: () => boolean): Promise<DeliveryOutcome | null> {
  // None to an endpoint turned off, but the owner's own 'Enviar teste'.
  if (!d.active && d.type !== PING_EVENT) return { row: d, code: null, error: ENDPOINT_OFF, final: true };
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
      return { row: d, code: answer.status, error: answer.status < 200 || answer.status > 299 ? `HTTP ${answer.status}` : null };
    } catch (e) {
      return failed(d, e);
    }
  });
}

const failed = (d: ClaimedDelivery, e: unknown): DeliveryOutcome => ({
  row: d,
  code: null,
  error: e instanceof OutboundError ? e.failure : describeFailure(e),
});
