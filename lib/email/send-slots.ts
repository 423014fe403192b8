import "server-only";
import { env } from "@/lib/server/env";
import { processState } from "@/lib/server/host.mjs";

// How many messages one instance has with the SMTP server at once: right
// after their requests, each message takes a slot of its own (a slow one
// holds up only a message that finds every slot taken), and the jobs' retries
// take one at a time from the same slots.
//
// SMTP_MAX_CONNECTIONS, default 8: each message is its own SMTP connection
// (nodemailer without `pool`), and this app sends one or two messages per
// request, so 8 lets a burst of sign-ups and resets, or several messages a
// slow server holds, leave at once, while staying a small, fixed load on the
// mail server. Microsoft 365 (Exchange Online) allows 3 connections per
// mailbox and refuses a fourth with "432 4.3.2 Concurrent connections limit
// exceeded" (that message would wait for the jobs' retry): set 3 there.
// A pooled transport is not used: it sends one message at a time per
// connection (its maxConnections, default 5, is the same kind of bound), and
// its idle connections would outlive a frozen serverless instance and fail
// the next send on thawing.
interface Slots {
  free: number;
  waiting: (() => void)[];
}

// One set of slots per process, whichever bundle (route, instrumentation) sends.
const slots = () => processState<Slots>("email-send-slots", () => ({ free: sendSlots(), waiting: [] }));

export const sendSlots = () => env().SMTP_MAX_CONNECTIONS;

/** Runs `work` once a slot is free (first come, first served), and frees it after. */
export async function withSendSlot<T>(work: () => Promise<T>): Promise<T> {
  const s = slots();
  if (s.free > 0) s.free -= 1;
  else await new Promise<void>((resolve) => s.waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = s.waiting.shift();
    if (next) next();
    else s.free += 1;
  }
}
