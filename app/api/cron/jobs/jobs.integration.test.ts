import { GET as jobsRoute } from "./route";
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { queueEmail } from "@/lib/email/outbox";
import { UPLOADS_URL_PREFIX } from "@/lib/images/disk-storage";
import { uploadsDir } from "@/lib/images/image-storage";
import { DELETE_BATCH } from "@/lib/jobs/job";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { createUser } from "@/tests/factories";
import { useTestSmtp } from "@/tests/helpers/outbox";
import { request } from "@/tests/helpers/request";

const SECRET = "cron-secret-0123456789";
const HOUR_MS = 60 * 60_000;
const smtp = useTestSmtp();

const call = (authorization?: string) => jobsRoute(request("/api/cron/jobs", { headers: authorization ? { authorization } : {} }));

function setSecret(value: string | undefined) {
  if (value === undefined) delete process.env.CRON_SECRET;
  else process.env.CRON_SECRET = value;
  resetEnvCache();
}

type Report = { ok: true; jobs: Record<string, { done: number; more: boolean }> };

async function run(): Promise<Report> {
  const res = await call(`Bearer ${SECRET}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return (await res.json()) as Report;
}

/** Rows of every kind the jobs delete, `n` expired ones of each and one still current. */
async function seedExpired(n: number) {
  const user = await createUser();
  const past = new Date(Date.now() - 2 * HOUR_MS);
  const future = new Date(Date.now() + HOUR_MS);
  const rows = (count: number) => Array.from({ length: count }, (_, i) => i);
  await db.emailToken.createMany({
    data: [
      ...rows(n).map((i) => ({ userId: user.id, purpose: "verify" as const, email: `a${i}@example.com`, secretHash: `h${i}`, expiresAt: past })),
      { userId: user.id, purpose: "reset", email: "a@example.com", secretHash: "viva", expiresAt: future },
    ],
  });
  await db.session.createMany({
    data: [
      ...rows(n).map((i) => ({ sessionToken: `s${i}`, userId: user.id, expires: past, remember: true })),
      { sessionToken: "viva", userId: user.id, expires: future, remember: true },
    ],
  });
  await db.twoFactorChallenge.createMany({
    data: [...rows(n).map((i) => ({ tokenHash: `c${i}`, userId: user.id, expires: past })), { tokenHash: "viva", userId: user.id, expires: future }],
  });
  await db.pageChange.createMany({ data: [...rows(n).map(() => ({ pageId: user.id, at: past })), { pageId: user.id }] });
  await db.uploadPart.createMany({
    data: [
      ...rows(n).map((i) => ({ uploadId: `u${i}`, index: 0, userId: user.id, bytes: new Uint8Array([1]), createdAt: past })),
      { uploadId: "viva", index: 0, userId: user.id, bytes: new Uint8Array([1]) },
    ],
  });
  await db.countReceipt.createMany({ data: [...rows(n).map((i) => ({ id: `r${i}`, at: past })), { id: "viva" }] });
  await db.rateLimit.createMany({
    data: [...rows(n).map((i) => ({ key: `teste:${i}`, count: 1, resetAt: past })), { key: "teste:viva", count: 1, resetAt: future }],
  });
  return user;
}

const EXPIRY_JOBS = [
  "email.tokens",
  "sessions.expired",
  "sessions.two-factor-challenges",
  "pages.changes",
  "images.upload-parts",
  "stats.receipts",
  "rate-limits.expired",
];

async function leftOver() {
  return [
    await db.emailToken.count(),
    await db.session.count(),
    await db.twoFactorChallenge.count(),
    await db.pageChange.count(),
    await db.uploadPart.count(),
    await db.countReceipt.count(),
    await db.rateLimit.count(),
  ];
}

afterAll(() => setSecret(undefined));

describe("GET /api/cron/jobs", () => {
  it("does not exist while CRON_SECRET is unset", async () => {
    setSecret(undefined);
    const res = await call(`Bearer ${SECRET}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Não encontrado." });
  });

  it("answers 401 in pt-BR without the exact bearer token, and does no work", async () => {
    setSecret(SECRET);
    await seedExpired(1);
    for (const header of [undefined, "Bearer errado-0123456789", `Bearer ${SECRET}x`, `bearer ${SECRET}`, SECRET, `Basic ${SECRET}`, `Bearer  ${SECRET}`]) {
      const res = await call(header);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Token das tarefas agendadas inválido." });
    }
    expect(await leftOver()).toEqual([2, 2, 2, 2, 2, 2, 2]);
  });

  it("runs every job: {ok, jobs:{name:{done, more}}}; expired rows go, current ones stay; a second call finds nothing", async () => {
    setSecret(SECRET);
    await seedExpired(3);
    const first = await run();
    expect(first.ok).toBe(true);
    for (const name of [...EXPIRY_JOBS, "email.send", "email.unsent", "stats.retention", "stats.visitor-days", "images.disk-orphans"]) {
      expect(first.jobs[name]).toEqual({ done: expect.any(Number), more: false });
    }
    for (const name of EXPIRY_JOBS) expect(first.jobs[name]!.done).toBe(3);
    expect(first.jobs["images.blob-orphans"]).toBeUndefined(); // no BLOB_READ_WRITE_TOKEN
    expect(await leftOver()).toEqual([1, 1, 1, 1, 1, 1, 1]);

    const second = await run();
    for (const result of Object.values(second.jobs)) expect(result).toEqual({ done: 0, more: false });
  });

  it("sends a message queued outside a request, and retries a failed one once it is due", async () => {
    setSecret(SECRET);
    await queueEmail(db, { to: "ana@example.com", subject: "Pelas tarefas", text: "Olá" });
    expect((await run()).jobs["email.send"]).toEqual({ done: 1, more: false });
    expect(smtp.current.received.map((m) => m.subject)).toEqual(["Pelas tarefas"]);

    smtp.current.failing = true;
    await queueEmail(db, { to: "ana@example.com", subject: "Depois da falha", text: "Olá" });
    expect((await run()).jobs["email.send"]).toEqual({ done: 0, more: false });
    smtp.current.failing = false;
    await db.outboxMessage.updateMany({ where: { sentAt: null }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
    expect((await run()).jobs["email.send"]).toEqual({ done: 1, more: false });
    expect(smtp.current.received.map((m) => m.subject)).toEqual(["Pelas tarefas", "Depois da falha"]);
  });

  it("removes old image files no row references from DATA_DIR/uploads; referenced and recent ones stay", async () => {
    setSecret(SECRET);
    const dir = uploadsDir();
    mkdirSync(dir, { recursive: true });
    const [used, orphan, recent] = ["a", "b", "c"].map((c) => `avatar-${c.repeat(32)}.webp`);
    for (const name of [used!, orphan!, recent!]) writeFileSync(path.join(dir, name), "x");
    const old = new Date(Date.now() - 2 * HOUR_MS);
    for (const name of [used!, orphan!]) utimesSync(path.join(dir, name), old, old);
    const user = await createUser();
    await db.page.update({ where: { id: user.id }, data: { avatarUrl: `${UPLOADS_URL_PREFIX}${used}` } });
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.jobs["images.disk-orphans"]!.done + b.jobs["images.disk-orphans"]!.done).toBe(1);
    expect(
      readdirSync(dir)
        .filter((f) => f.endsWith(".webp"))
        .sort(),
    ).toEqual([used, recent].sort());
  });

  it("two calls at once do each piece of work once, in batches, within a bounded time", async () => {
    setSecret(SECRET);
    const n = DELETE_BATCH + 1_500;
    await seedExpired(3);
    // More receipts than one batch: the job takes several short transactions.
    await db.$executeRaw`INSERT INTO "CountReceipt" ("id", "at")
      SELECT 'lote-' || i, (now() AT TIME ZONE 'UTC') - interval '2 hours' FROM generate_series(1, ${n}::int) AS i`;
    const started = Date.now();
    const [a, b] = await Promise.all([run(), run()]);
    expect(Date.now() - started).toBeLessThan(20_000);
    for (const name of EXPIRY_JOBS) {
      const expected = name === "stats.receipts" ? n + 3 : 3;
      expect(a.jobs[name]!.done + b.jobs[name]!.done).toBe(expected);
    }
    expect(await leftOver()).toEqual([1, 1, 1, 1, 1, 1, 1]);
    const third = await run();
    for (const result of Object.values(third.jobs)) expect(result).toEqual({ done: 0, more: false });
  });
});
