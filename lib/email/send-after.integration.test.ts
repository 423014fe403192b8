import { POST as forgotPassword } from "@/app/api/auth/forgot-password/route";
import { POST as register } from "@/app/api/register/route";
import { db } from "@/lib/server/db";
import { createUser } from "@/tests/factories";
import { useTestSmtp } from "@/tests/helpers/outbox";
import { request } from "@/tests/helpers/request";
import { queueEmail } from "./outbox";
import { SEND_SLOTS } from "./send-slots";

// A message queued during a request leaves right after the response, by
// Next's after(). Jest calls handlers outside Next's request scope, where
// after() refuses; here it is replaced by a stand-in that keeps the tasks, so
// the test plays the moment after the response itself.

const mockAfter: { tasks: (() => unknown)[]; outside: boolean } = { tasks: [], outside: false };
jest.mock("next/server", () => ({
  ...jest.requireActual("next/server"),
  after: (task: () => unknown) => {
    if (mockAfter.outside) throw new Error("`after` was called outside a request scope.");
    mockAfter.tasks.push(task);
  },
}));

const smtp = useTestSmtp();
const signUp = (n: number) => ({ name: "Ana Souza", username: `ana_${n}`, phone: "(11) 98765-4321", email: `ana${n}@example.com`, password: "segredo1" });
const afterResponse = async () => {
  const tasks = mockAfter.tasks.splice(0);
  await Promise.all(tasks.map((task) => task()));
};
/** A password-reset request for `email` and its after() work, started as Next starts it once the response is sent. */
const askReset = async (email: string, ip: string) => {
  const res = await forgotPassword(request("/api/auth/forgot-password", { body: { email }, ip }));
  expect(res.status).toBe(200);
  return afterResponse();
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

  it("a message held 4 s by the server does not hold up the next request's message: it arrives within 1 s of its request", async () => {
    await createUser({ email: "lenta@example.com" });
    await createUser({ email: "rapida@example.com" });
    smtp.current.hold = (to) => (to.includes("lenta@example.com") ? 4_000 : 0);
    const slow = askReset("lenta@example.com", "198.51.100.21");
    await until("the slow message reaches the server", () => smtp.current.inFlight === 1, 10_000);

    const asked = Date.now();
    const fast = askReset("rapida@example.com", "198.51.100.22");
    await until("the second message arrives", () => smtp.current.received.some((m) => m.to.includes("rapida@example.com")), 3_000);
    const arrived = smtp.current.received.find((m) => m.to.includes("rapida@example.com"))!.at!;
    expect(arrived - asked).toBeLessThan(1_000);
    expect(smtp.current.received.map((m) => m.to[0])).toEqual(["rapida@example.com"]);

    await Promise.all([slow, fast]);
    expect(smtp.current.received.map((m) => m.to[0]).sort()).toEqual(["lenta@example.com", "rapida@example.com"]);
    expect(await db.outboxMessage.findMany({ select: { to: true, attempts: true, sentAt: true }, orderBy: { to: "asc" } })).toEqual([
      { to: "lenta@example.com", attempts: 1, sentAt: expect.any(Date) },
      { to: "rapida@example.com", attempts: 1, sentAt: expect.any(Date) },
    ]);
  }, 30_000);

  it(`at most SEND_SLOTS (${SEND_SLOTS}) messages are with the server at once; the next waits for a slot; each is sent once`, async () => {
    const emails = Array.from({ length: SEND_SLOTS + 1 }, (_, i) => `lento${i}@example.com`);
    for (const email of emails) await createUser({ email });
    smtp.current.hold = () => 2_000;
    const started = Date.now();
    const sending = Promise.all(emails.map((email, i) => askReset(email, `198.51.100.${40 + i}`)));
    await until("every slot is taken", () => smtp.current.inFlight >= SEND_SLOTS, 10_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.current.inFlight).toBe(SEND_SLOTS);
    await sending;
    expect(smtp.current.maxInFlight).toBe(SEND_SLOTS);
    // The last one went out once a slot was free: after a first held message.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_000);
    expect(smtp.current.received.map((m) => m.to[0]).sort()).toEqual([...emails].sort());
    expect(await db.outboxMessage.count({ where: { attempts: 1, sentAt: { not: null } } })).toBe(emails.length);
  }, 40_000);
});
