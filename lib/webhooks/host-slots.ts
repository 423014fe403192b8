import "server-only";
import { NamedSlots } from "@/lib/outbox/slots";
import { processState } from "@/lib/server/host.mjs";

// At most HOST_SLOTS deliveries in flight to one host name at any moment in
// this process, whichever batch, first try, retry or job they belong to
// (api.md, Bounded webhooks): a receiver that hangs holds four of them, never
// the sender. The others wait their turn, first come first served.

/** Deliveries in flight to one host name at once, in one process. */
export const HOST_SLOTS = 4;

const hosts = () => processState("webhooks.hostSlots", () => new NamedSlots(HOST_SLOTS));

/** Runs `work` once one of `host`'s slots is free, and frees it when `work` settles. */
export const inHostSlot = <T>(host: string, work: () => Promise<T>): Promise<T> => hosts().run(host, work);
