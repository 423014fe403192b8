import "server-only";
import type { Db } from "@/lib/server/db";
import { emailQueued } from "@/lib/server/metrics";
import { seal } from "./seal";

// The durable outbox: a feature queues a message in the same transaction as
// the change that causes it; the worker (lib/email/worker.ts) sends it later,
// so sending never delays or fails the request.

/** The database client or an interactive transaction's client. */
export type OutboxClient = Pick<Db, "outboxMessage">;

export interface OutgoingEmail {
  userId?: string | null;
  to: string;
  subject: string;
  /** The plain-text part (required); links absolute, on NEXT_PUBLIC_APP_URL. */
  text: string;
  /** An optional simple HTML part, with no remote images. */
  html?: string;
}

export async function queueEmail(client: OutboxClient, message: OutgoingEmail): Promise<void> {
  await client.outboxMessage.create({
    data: {
      userId: message.userId ?? null,
      to: message.to,
      subject: message.subject,
      text: seal(message.text),
      html: message.html === undefined ? null : seal(message.html),
    },
    select: { id: true },
  });
  emailQueued();
  notifyQueued();
}

type Listener = () => void;
const globals = globalThis as typeof globalThis & { __vitrineOutboxListeners?: Set<Listener> };

/** The worker of this process subscribes to wake up as soon as a message is queued. */
export function onQueued(listener: Listener): () => void {
  const set = (globals.__vitrineOutboxListeners ??= new Set());
  set.add(listener);
  return () => set.delete(listener);
}

function notifyQueued() {
  // After the caller's transaction commits, at the earliest; the worker also polls.
  for (const listener of globals.__vitrineOutboxListeners ?? []) setTimeout(listener, 50);
}
