import { emailKind } from "@/lib/email/email-kind";
import { queueEmail } from "@/lib/email/outbox";
import { seal } from "@/lib/email/seal";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { webhookKind } from "@/lib/webhooks/webhook-kind";
import { queueWebhookEvent } from "@/lib/webhooks/webhook-outbox";
import { newWebhookSecret } from "@/lib/webhooks/webhook-sign";
import { testDatabase } from "@/tests/db";
import { createUser } from "@/tests/factories";
import { useTestSmtp } from "@/tests/helpers/outbox";
import { startReceiver, type Receiver } from "@/tests/helpers/webhook-receiver";
import { withDatabase } from "@/tests/setup/local-database";
import { startOutboxSender, type OutboxSender } from "./outbox-sender";

// The background sender (npm start on PostgreSQL) reads its own rows: woken
// by the notice of the transaction that wrote them (LISTEN, on a connection
// of its own), or, where notices do not arrive (a transaction pooler), by a
// poll. Here it runs in the test's process, as sender.mjs runs it, with a
// poll far slower than the test waits, so a row sent in time was heard of.

const smtp = useTestSmtp();
const SLOW_POLL = { pollMs: 60_000, sweepMs: 60_000 };
const postgresOnly = testDatabase() === "postgres" ? it : it.skip;

let receiver: Receiver;
const senders: OutboxSender[] = [];
const start = (options: Omit<Parameters<typeof startOutboxSender>[0], "kinds">) => {
  const sender = startOutboxSender({ kinds: [emailKind, webhookKind], probeMs: 2_000, ...options });
  senders.push(sender);
  return sender;
};
beforeEach(async () => {
  process.env.ALLOW_PRIVATE_OUTBOUND = "1";
  resetEnvCache();
  receiver = await startReceiver();
});
afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.stop()));
  await receiver.close();
  delete process.env.ALLOW_PRIVATE_OUTBOUND;
  resetEnvCache();
});

/** A page with `count` endpoints for page.updated at the receiver. */
async function pageWithEndpoints(count: number) {
  const page = await createUser();
  for (let i = 0; i < count; i++) {
    await db.webhookEndpoint.create({ data: { pageId: page.id, url: `${receiver.url}/${i}`, events: ["page.updated"], secret: seal(newWebhookSecret()) } });
  }
  return page;
}

async function within(ms: number, what: string, ok: () => boolean | Promise<boolean>) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

postgresOnly("LISTEN: rows written on another connection are sent once their transaction commits, not at the next poll", async () => {
  const page = await pageWithEndpoints(2);
  const sender = start(SLOW_POLL);
  expect(await sender.ready).toBe("listen");

  await queueWebhookEvent(db, page.id, "page.updated", { n: 1 });
  await queueEmail(db, { to: "ana@example.com", subject: "Ouvida", text: "Olá" });
  await within(3_000, "the deliveries and the e-mail", () => receiver.received.length === 2 && smtp.current.received.length === 1);

  // Written in a transaction still open: nothing until it commits, then at once.
  await db.$transaction(async (tx) => {
    await queueWebhookEvent(tx, page.id, "page.updated", { n: 2 });
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received).toHaveLength(2);
  });
  await within(3_000, "the second event's deliveries", () => receiver.received.length === 4);
  expect(receiver.received.map((r) => JSON.parse(r.body).data.n).sort()).toEqual([1, 1, 2, 2]);
  // Each outcome is written as its attempt ends, a moment after the receiver has it.
  await within(3_000, "the outcomes", async () => (await db.webhookDelivery.count({ where: { status: "delivered", attempts: 1 } })) === 4);
  expect(await db.outboxMessage.findFirstOrThrow()).toMatchObject({ attempts: 1, sentAt: expect.any(Date) });
});

postgresOnly("two senders listening at once send each row once", async () => {
  const page = await pageWithEndpoints(5);
  const [a, b] = [start(SLOW_POLL), start(SLOW_POLL)];
  expect(await Promise.all([a.ready, b.ready])).toEqual(["listen", "listen"]);
  for (let n = 0; n < 4; n++) await queueWebhookEvent(db, page.id, "page.updated", { n });
  await within(5_000, "20 deliveries", () => receiver.received.length >= 20);
  await new Promise((r) => setTimeout(r, 300));
  const sent = receiver.received.map((r) => `${r.headers["webhook-id"]} ${JSON.parse(r.body).data.n}`);
  expect(sent).toHaveLength(20);
  expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(4);
  await within(3_000, "the outcomes", async () => (await db.webhookDelivery.count({ where: { status: "delivered", attempts: 1 } })) === 20);
});

it("where notices do not arrive (a transaction pooler, or no direct address), it polls", async () => {
  // On PostgreSQL its LISTEN connection reaches another database, where the writers' notices never come (the probe says so).
  const listenUrl = testDatabase() === "postgres" ? withDatabase(process.env.DATABASE_URL!, "postgres") : null;
  const page = await pageWithEndpoints(1);
  const sender = start({ listenUrl, pollMs: 200, sweepMs: 60_000, probeMs: 500 });
  expect(await sender.ready).toBe("poll");
  await queueWebhookEvent(db, page.id, "page.updated", { n: 1 });
  await queueEmail(db, { to: "ana@example.com", subject: "Sondada", text: "Olá" });
  await within(3_000, "the delivery and the e-mail", () => receiver.received.length === 1 && smtp.current.received.length === 1);
  await within(3_000, "the outcome", async () => (await db.webhookDelivery.count({ where: { status: "delivered", attempts: 1 } })) === 1);
});

it("stopped, it ends once the sends under way have ended and their outcomes are written, and claims nothing more", async () => {
  const sender = start({ listenUrl: null, pollMs: 100, sweepMs: 60_000 });
  await sender.ready;
  smtp.current.hold = () => 500;
  try {
    await queueEmail(db, { to: "ana@example.com", subject: "Lenta", text: "Olá" });
    await within(3_000, "the message reaches the server", () => smtp.current.inFlight === 1);
    await sender.stop();
    expect(await db.outboxMessage.findFirstOrThrow()).toMatchObject({ attempts: 1, sentAt: expect.any(Date) });
  } finally {
    smtp.current.hold = null;
  }
  await queueEmail(db, { to: "bia@example.com", subject: "Depois", text: "Olá" });
  await new Promise((r) => setTimeout(r, 400));
  expect(smtp.current.received.map((m) => m.subject)).toEqual(["Lenta"]);
  expect(await db.outboxMessage.count({ where: { attempts: 0 } })).toBe(1);
});
