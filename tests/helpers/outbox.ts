import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { deliverDue } from "@/lib/email/email-kind";
import { startSmtp, type TestSmtp } from "./mail";

// Integration tests send through a real SMTP server on 127.0.0.1: SMTP_URL
// points at it for the whole file, and the outbox is flushed on demand.

export function useTestSmtp(): { current: TestSmtp } {
  const holder = {} as { current: TestSmtp };
  beforeAll(async () => {
    holder.current = await startSmtp();
    process.env.SMTP_URL = holder.current.url;
    resetEnvCache();
  });
  beforeEach(() => {
    holder.current.received.length = 0;
    holder.current.failing = false;
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    await holder.current?.close();
  });
  return holder;
}

/** Sends everything due now, as the worker would. */
export const flushOutbox = (now?: Date) => deliverDue({ now });

/** Waits until at least `count` messages are queued (work done after the answer). */
export async function waitForQueued(count: number, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while ((await db.outboxMessage.count()) < count) {
    if (Date.now() > end) throw new Error(`fewer than ${count} queued messages after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
