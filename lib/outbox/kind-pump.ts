import "server-only";
import type { Db } from "@/lib/server/db";
import { errorFields, log } from "@/lib/server/log";
import { claimInSlots, due } from "./claim-rows";
import type { ClaimedRow, OutboxKind } from "./outbox-kind";
import { sendClaimed } from "./send-rows";

// The background sender's loop for one kind: woken (a notice, a poll, a
// retry's time, a batch ended or a slot given back while it was full), it
// claims what is due, a batch at a time, and sends each batch without waiting
// for the one before (a receiver that hangs holds up only its own host's
// turn), until nothing is due or it has MAX_IN_FLIGHT rows on the way (or,
// for a kind with slots, no slot is free). Rows are claimed as any sender
// claims them, so any number of senders (instances) may run at once.

/** Rows of one kind on the way at once at most (an endpoint that stalls must not fill the sender's memory). */
const MAX_IN_FLIGHT = 10_000;

export class KindPump<Row extends ClaimedRow> {
  private inFlight = 0;
  private pumping = false;
  private again = false;
  /** It stopped claiming for want of room: a batch that ends wakes it. */
  private full = false;
  private stopped = false;
  private readonly sending = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;

  constructor(
    readonly kind: OutboxKind<Row>,
    private readonly client: Db,
    private readonly workerId: string,
  ) {}

  /** Claims and sends what is due now (again once the current pass ends, if one is under way). */
  wake(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    this.again = false;
    void this.pump()
      .catch((error: unknown) => log.warn("outbox.claim_failed", { kind: this.kind.name, ...errorFields(error) }))
      .finally(() => {
        this.pumping = false;
        if (this.again) this.wake();
      });
  }

  /** Wakes it at `at` (a retry's time), unless it is to wake sooner already. */
  wakeAt(at: Date): void {
    if (this.stopped || at.getTime() >= this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at.getTime();
    // A moment past it: a claim asks for nextAttemptAt <= now.
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Infinity;
        this.wake();
      },
      Math.max(0, at.getTime() - Date.now()) + 20,
    );
    this.timer.unref();
  }

  /** Takes nothing more; resolves once every row on the way has been tried. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    while (this.sending.size) await Promise.allSettled([...this.sending]);
  }

  private async pump(): Promise<void> {
    this.full = false;
    while (!this.stopped) {
      const room = Math.min(this.kind.batch, MAX_IN_FLIGHT - this.inFlight);
      const now = new Date();
      const rows = room > 0 ? await claimInSlots(this.client, this.kind, this.workerId, now, (limit) => due(limit), room, false) : null;
      if (!rows) {
        this.full = true;
        return;
      }
      if (!rows.length) return;
      this.send(rows, now);
      // Fewer than asked: nothing else is due (a kind with slots may have asked for fewer: it looks again).
      if (!this.kind.slots && rows.length < room) return;
    }
  }

  private send(rows: Row[], claimedAt: Date): void {
    this.inFlight += rows.length;
    const run = {
      client: this.client,
      workerId: this.workerId,
      onRetry: ({ at }: { at: Date }) => this.wakeAt(at),
      // A slot given back lets the next row be claimed at once (a pass under way looks again once it ends).
      onFreed: () => {
        if (this.full || this.pumping) this.wake();
      },
    };
    const sending: Promise<unknown> = sendClaimed(this.kind, run, rows, claimedAt)
      .catch((error: unknown) => log.warn("outbox.send_failed", { kind: this.kind.name, ...errorFields(error) }))
      .finally(() => {
        this.inFlight -= rows.length;
        this.sending.delete(sending);
        if (this.full) this.wake();
      });
    this.sending.add(sending);
  }
}
