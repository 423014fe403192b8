import "server-only";
import { processState } from "@/lib/server/host.mjs";

// How many messages one instance has with the SMTP server at once: right
// after their requests, each message takes a slot of its own (a slow one
// holds up only a message that finds every slot taken), and the jobs' retries
// take one at a time from the same slots.
//
// Three, because each message is its own SMTP connection (nodemailer without
// `pool`), and three at once is the strictest limit of a common submission
// service: Exchange Online / Microsoft 365 refuses a fourth concurrent
// connection per mailbox with "432 4.3.2 Concurrent connections limit
// exceeded" (that message would then wait for the jobs' retry). A pooled
// transport is not used: it sends one message at a time per connection
// (maxConnections, default 5, is the same kind of bound), and its idle
// connections would outlive a frozen serverless instance and fail the next
// send on thawing.
export const SEND_SLOTS = 3;

interface Slots {
  free: number;
  waiting: (() => void)[];
}

// One set of slots per process, whichever bundle (route, instrumentation) sends.
const slots = () => processState<Slots>("email-send-slots", () => ({ free: SEND_SLOTS, waiting: [] }));

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
