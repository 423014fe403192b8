import { AsyncLocalStorage } from "node:async_hooks";
import { POST as forgotPassword } from "@/app/api/auth/forgot-password/route";
import { POST as register } from "@/app/api/register/route";
import { db } from "@/lib/server/db";
import { createUser } from "@/tests/factories";
import { useTestSmtp } from "@/tests/helpers/outbox";
import { request } from "@/tests/helpers/request";
import { queueEmail } from "./outbox";
import { sendSlots } from "./send-slots";

// A message queued during a request leaves right after the response, by
// Next's after(). Jest calls handlers outside Next's request scope, where
// after() refuses; here it is replaced by a stand-in that keeps the tasks, so
// the test plays the moment after the response itself. Requests made at once
// each keep their own tasks (as Next keeps them per request): a task runs only
// once its own request has answered, never while that request's transaction
// is still open.

const mockAfter: { tasks: (() => unknown)[]; outside: boolean; request: AsyncLocalStorage<(() => unknown)[]> } = {
  tasks: [],
  outside: false,
  request: new AsyncLocalStorage(),
};
jest.mock("next/server", () => ({
  ...jest.requireActual("next/server"),
  after: (task: () => unknown) => {
    if (mockAfter.outside) throw new Error("`after` was called outside a request scope.");
    (mockAfter.request.getStore() ?? mockAfter.tasks).push(task);
  },
}));

const smtp = useTestSmtp();
const signUp = (n: number) => ({ name: "Ana Souza", username: `ana_${n}`, phone: "(11) 98765-4321", email: `ana${n}@example.com`, password: "segredo1" });
const afterResponse = async () => {
  const tasks = mockAfter.tasks.splice(0);
  await Promise.all(tasks.map((task) => task()));
};
/** A password-reset request for `email`, then its after() work, started as Next starts it once the response is sent. */
const askReset = async (email: string, ip: string) => {
  const tasks: (() => unknown)[] = [];
  const res = await mockAfter.request.run(tasks, () => forgotPassword(request("/api/auth/forgot-password", { body: { email }, ip })));
  expect(res.status).toBe(200);
  return { answered: Date.now(), sending: Promise.all(tasks.map((task) => task())) };
};
const until = async (what: string, ok: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

beforeEach(() => {
  mockAfter.tasks.length = 0;
  mockAfter.outside = false;
  smtp.current.hold = null;
  smtp.current.maxInFlight = 0;
});

describe("e-mail after the response", () => {
  it("a request that queues a message schedules its sending after the response; nothing is sent before", async () => {
    expect((await register(request("/api/register", { body: signUp(1) }))).status).toBe(201);
    expect(mockAfter.tasks.length).toBeGreaterThanOrEqual(1);
    expect(smtp.current.received).toHaveLength(0);
    await afterResponse();
    expect(smtp.current.received.map((m) => m.to)).toEqual([["ana1@example.com"]]);
    expect((await db.outboxMessage.findFirstOrThrow()).sentAt).not.toBeNull();
  });

  it("requests answered at once each send their own message: every message goes out once", async () => {
    const answers = await Promise.all([1, 2, 3, 4].map((n) => register(request("/api/register", { body: signUp(n), ip: `198.51.100.${n}` }))));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    await afterResponse();
    expect(smtp.current.received.map((m) => m.to[0]).sort()).toEqual(["ana1@example.com", "ana2@example.com", "ana3@example.com", "ana4@example.com"]);
  });

  it("a failed send leaves the row for the jobs' retry; outside a request nothing is scheduled and nothing breaks", async () => {
    smtp.current.failing = true;
    expect((await register(request("/api/register", { body: signUp(5) }))).status).toBe(201);
    await afterResponse();
    expect(await db.outboxMessage.findFirstOrThrow()).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });

    mockAfter.outside = true;
    await queueEmail(db, { to: "ana@example.com", subject: "Fora de um pedido", text: "Olá" });
    expect(mockAfter.tasks).toHaveLength(0);
    expect(await db.outboxMessage.count({ where: { subject: "Fora de um pedido", sentAt: null } })).toBe(1);
  });

  it("a message held 4 s by the server does not hold up the next request's message: it arrives while the first is still held", async () => {
    await createUser({ email: "lenta@example.com", password: null });
    await createUser({ email: "rapida@example.com", password: null });
    smtp.current.hold = (to) => (to.includes("lenta@example.com") ? 4_000 : 0);
    const slow = await askReset("lenta@example.com", "198.51.100.21");
    let fast: Awaited<ReturnType<typeof askReset>> | undefined;
    try {
      await until("the slow message reaches the server", () => smtp.current.inFlight === 1, 10_000);
      fast = await askReset("rapida@example.com", "198.51.100.22");
      await until("the second message arrives", () => smtp.current.received.length > 0, 10_000);
      // Not a timed test (this machine is shared; the 1 s figure is checked by
      // tests/faults/serverless.test.mjs and bench/email-timing.mjs): the
      // second message is accepted first, while the first is still held.
      expect(smtp.current.received.map((m) => m.to[0])).toEqual(["rapida@example.com"]);
      expect(smtp.current.inFlight).toBe(1);
    } finally {
      await Promise.allSettled([slow.sending, fast?.sending]);
    }
    expect(smtp.current.received.map((m) => m.to[0]).sort()).toEqual(["lenta@example.com", "rapida@example.com"]);
    expect(await db.outboxMessage.findMany({ select: { to: true, attempts: true, sentAt: true }, orderBy: { to: "asc" } })).toEqual([
      { to: "lenta@example.com", attempts: 1, sentAt: expect.any(Date) },
      { to: "rapida@example.com", attempts: 1, sentAt: expect.any(Date) },
    ]);
  }, 30_000);

  it("at most SMTP_MAX_CONNECTIONS messages are with the server at once; the next is claimed once a slot is free; each is sent once", async () => {
    const emails = Array.from({ length: sendSlots() + 1 }, (_, i) => `lento${i}@example.com`);
    for (const email of emails) await createUser({ email, password: null });
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    smtp.current.hold = () => gate;
    const sending = Promise.all(emails.map(async (email, i) => (await askReset(email, `198.51.100.${40 + i}`)).sending));
    try {
      await until("every slot is taken", () => smtp.current.inFlight >= sendSlots(), 20_000);
      await new Promise((r) => setTimeout(r, 500));
      expect(smtp.current.inFlight).toBe(sendSlots());
      // The one left waits for a slot, its row not yet claimed.
      expect(await db.outboxMessage.count({ where: { attempts: 0 } })).toBe(1);
    } finally {
      release();
      await sending;
    }
    expect(smtp.current.maxInFlight).toBe(sendSlots());
    expect(smtp.current.received.map((m) => m.to[0]).sort()).toEqual([...emails].sort());
    expect(await db.outboxMessage.count({ where: { attempts: 1, sentAt: { not: null } } })).toBe(emails.length);
  }, 60_000);
});
