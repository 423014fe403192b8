import { POST as register } from "@/app/api/register/route";
import { db } from "@/lib/server/db";
import { useTestSmtp } from "@/tests/helpers/outbox";
import { request } from "@/tests/helpers/request";
import { queueEmail } from "./outbox";

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

beforeEach(() => {
  mockAfter.tasks.length = 0;
  mockAfter.outside = false;
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

  it("requests answered at once share one sending loop: every message goes out once", async () => {
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
});
