import "server-only";
import { processState } from "@/lib/server/host.mjs";

// At most HOST_SLOTS deliveries in flight to one host name at any moment in
// this process, whichever batch, first try, retry or job they belong to
// (api.md, Bounded webhooks): a receiver that hangs holds four of them, never
// the sender. The others wait their turn, first come first served.

/** Deliveries in flight to one host name at once, in one process. */
export const HOST_SLOTS = 4;

interface HostQueue {
  busy: number;
  waiting: (() => void)[];
}

const hosts = () => processState("webhooks.hostSlots", () => new Map<string, HostQueue>());

/** Runs `work` once one of `host`'s slots is free, and frees it when `work` settles. */
export async function inHostSlot<T>(host: string, work: () => Promise<T>): Promise<T> {
  const all = hosts();
  let queue = all.get(host);
  if (!queue) all.set(host, (queue = { busy: 0, waiting: [] }));
  const own = queue;
  if (own.busy < HOST_SLOTS) own.busy += 1;
  else await new Promise<void>((resolve) => own.waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = own.waiting.shift();
    // The slot passes straight to the next in line; the last one out forgets the host.
    if (next) next();
    else if (--own.busy === 0) all.delete(host);
  }
}
