import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { describeFailure } from "@/lib/outbox/describe-failure";
import type { ClaimedRow, OutboxKind } from "@/lib/outbox/outbox-kind";
import { nextWait } from "@/lib/outbox/record-outcomes";
import { sendDue, type DueOptions } from "@/lib/outbox/send-due";
import { log } from "@/lib/server/log";
import { emailFailed, emailSent } from "@/lib/server/metrics";
import type { OutboxRow } from "./outbox";
import { unseal } from "./seal";
import { emailSlots } from "./send-slots";
import { createDeliver } from "./transport";

// E-mail as a kind of the outbox (lib/outbox): its rows are OutboxMessage,
// sealed at rest; each message is one SMTP connection, taken from the
// instance's slots before its row is claimed (lib/email/send-slots.ts), so a
// claim starts when its send does and one slow message holds up no other.

/** Waits before the 2nd, 3rd, … try: 6 tries over nearly 3 hours. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
// A claim must outlive its send (SMTP timeouts are 20 s per step), or another
// sender could take the row and send it again.
const CLAIM_MS = 2 * 60_000;

/** A claimed message: its row as queued (sealed parts), with its attempts. */
export type ClaimedEmail = ClaimedRow & Omit<OutboxRow, "id">;

// Sent or given up: its sealed parts are emptied (only the envelope stays, for the jobs' deletion and the logs).
const emptied = [Prisma.sql`"text" = ''`, Prisma.sql`"html" = NULL`, Prisma.sql`"headers" = NULL`];

export const emailKind: OutboxKind<ClaimedEmail> = {
  name: "email",
  table: "OutboxMessage",
  open: Prisma.sql`d."sentAt" IS NULL AND d."failedAt" IS NULL`,
  columns: Prisma.sql`d."to", d."subject", d."text", d."html", d."headers"`,
  claimMs: CLAIM_MS,
  attemptMs: CLAIM_MS / 2,
  retryDelaysMs: RETRY_DELAYS_MS,
  batch: 50,
  slots: emailSlots,
  async attempt(rows, attempts) {
    const deliver = createDeliver();
    await Promise.all(
      rows.map(async (m) => {
        try {
          const headers = m.headers ? (JSON.parse(unseal(m.headers)) as Record<string, string>) : undefined;
          const { file } = await deliver({
            id: m.id,
            to: m.to,
            subject: m.subject,
            text: unseal(m.text),
            html: m.html ? unseal(m.html) : undefined,
            ...(headers ? { headers } : {}),
          });
          log.info(file ? "email.written" : "email.sent", { id: m.id, attempt: m.attempts, ...(file ? { file } : {}) });
          attempts.done({ row: m, error: null });
        } catch (error) {
          attempts.done({ row: m, error: describeFailure(error) });
        }
      }),
    );
  },
  sentSet: () => [Prisma.sql`"sentAt" = ${new Date()}::timestamp`, ...emptied],
  failedSet: (_outcome, last) => (last ? [Prisma.sql`"failedAt" = ${new Date()}::timestamp`, ...emptied] : []),
  async recorded(_client, outcomes) {
    for (const { row, error } of outcomes) {
      if (!error) {
        emailSent();
        continue;
      }
      const last = nextWait(emailKind, row.attempts) === null;
      log[last ? "error" : "warn"](last ? "email.gave_up" : "email.send_failed", { id: row.id, attempt: row.attempts, error });
      emailFailed();
    }
  },
};

/** Claims and sends the messages due (as the jobs do); returns how many were sent. */
export async function deliverDue(options: DueOptions = {}): Promise<number> {
  return (await sendDue(emailKind, options)).sent;
}
