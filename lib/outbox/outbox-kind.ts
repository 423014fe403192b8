import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/server/db";
import type { Slots } from "./slots";

// What a kind of outgoing message tells the outbox (lib/outbox): where its
// rows are, how to send them, when to try again and what giving up writes.
// Everything else (claiming, the backoff, the run loops, writing outcomes,
// the background sender) is the outbox's, the same for every kind.
//
// Each kind keeps its own table (OutboxMessage, WebhookDelivery): their rows
// differ (an e-mail's sealed parts, a delivery's endpoint and event id), each
// is listed and kept by its feature (a webhook's deliveries card, 30 days of
// them), and a shared table would need a migration. The columns the outbox
// uses are the same in each: id, attempts, nextAttemptAt, lockedBy,
// lockedUntil, lastError.

/** A claimed row: its id and how many attempts it has had, this one included; a kind adds its own fields. */
export interface ClaimedRow {
  id: string;
  attempts: number;
}

/** How one attempt ended: `error` null when sent. */
export interface Outcome<Row extends ClaimedRow = ClaimedRow> {
  row: Row;
  error: string | null;
  /** The receiver's answer code, when the kind records one. */
  code?: number | null;
  /** No further attempt, whatever the schedule says (an endpoint turned off). */
  final?: boolean;
}

/** One batch of claimed rows being sent, as a kind sees it. */
export interface Attempts<Row extends ClaimedRow> {
  /** Writes an attempt's outcome (together with others that end meanwhile). */
  done(outcome: Outcome<Row>): void;
  /** True while an attempt started now would end inside the row's claim; a row left for too late is released. */
  inClaim(row: Row): boolean;
}

export interface OutboxKind<Row extends ClaimedRow = ClaimedRow> {
  /** Its name in logs and in the outbox's notifications. */
  name: string;
  /** Its table: a constant of the kind, never input. */
  table: string;
  /** SQL on the table (no alias): the row is neither sent nor given up. */
  open: Prisma.Sql;
  /** SQL on the table aliased `d` (and `e` for a join): the columns a send needs, besides id and attempts. */
  columns: Prisma.Sql;
  /** Another table the claim reads with the row (aliased `e`), and how they meet. */
  join?: { table: Prisma.Sql; on: Prisma.Sql };
  /** How long a claim lasts: longer than an attempt and the writing of its outcome. */
  claimMs: number;
  /** The longest one attempt may take. */
  attemptMs: number;
  /** Waits before the 2nd, 3rd, … attempts; after the last one, the row is given up. */
  retryDelaysMs: readonly number[];
  /** Rows one claim takes at most. */
  batch: number;
  /** Places taken before a row is claimed, one per row, given back once its outcome is written (the e-mail's SMTP connections). */
  slots?: () => Slots;
  /** Sends claimed rows: each outcome goes to `attempts.done` as its attempt ends, or none for a row left too late. Resolves once every attempt has ended. */
  attempt(rows: readonly Row[], attempts: Attempts<Row>): Promise<void>;
  /** SET assignments on a sent row (the outbox adds lastError and the claim's end). */
  sentSet(code: number | null | undefined, now: Date): Prisma.Sql[];
  /** SET assignments on a row that failed: `last` when it is given up (the outbox adds lastError, nextAttemptAt and the claim's end). */
  failedSet(outcome: Outcome<Row>, last: boolean, now: Date): Prisma.Sql[];
  /** After outcomes are written: the kind's own bookkeeping (metrics, logs, an endpoint's failing clock). */
  recorded?(client: Db, outcomes: readonly Outcome<Row>[], now: Date): Promise<void>;
}
