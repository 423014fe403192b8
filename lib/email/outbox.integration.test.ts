import { readdirSync, readFileSync } from "node:fs";
import { POST as register } from "@/app/api/register/route";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { openDatabase } from "@/lib/server/database";
import { db } from "@/lib/server/db";
import { env, resetEnvCache } from "@/lib/server/env";
import { testDatabase } from "@/tests/db";
import { linkIn, parseMail, startSmtp } from "@/tests/helpers/mail";
import { useTestSmtp } from "@/tests/helpers/outbox";
import { request } from "@/tests/helpers/request";
import { queueEmail } from "./outbox";
import { outboxDir } from "./transport";
import { deliverDue, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "./email-kind";

const smtp = useTestSmtp();
const signUp = (n: number) => ({ name: "Ana Souza", username: `ana_${n}`, phone: "(11) 98765-4321", email: `ana${n}@example.com`, password: "segredo1" });
const later = (ms: number) => new Date(Date.now() + ms + 1000);

describe("the outbox", () => {
  it("SMTP down: the request still succeeds; the message is retried and sent once it is back (no loss, no duplicate)", async () => {
    smtp.current.failing = true;
    const res = await register(request("/api/register", { body: signUp(1) }));
    expect(res.status).toBe(201);
    expect(await deliverDue()).toBe(0);
    const waiting = await db.outboxMessage.findFirstOrThrow();
    expect(waiting).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(waiting.lastError).toMatch(/451/);
    expect(waiting.lastError).not.toMatch(/token/i);
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await deliverDue()).toBe(0); // not due yet: nothing tried

    smtp.current.failing = false;
    expect(await deliverDue({ now: later(RETRY_DELAYS_MS[0]!) })).toBe(1);
    expect(await deliverDue({ now: later(RETRY_DELAYS_MS[0]! + RETRY_DELAYS_MS[1]!) })).toBe(0);
    expect(smtp.current.received).toHaveLength(1);
    expect(linkIn(smtp.current.received[0]!, "/verify-email")).toBeTruthy();
    expect(await db.outboxMessage.findFirstOrThrow()).toMatchObject({ attempts: 2, text: "", html: null, lastError: null });
  });

  it("SMTP server stopped (connection refused): the message waits and goes out once a server listens again", async () => {
    const port = smtp.current.port;
    await smtp.current.close();
    try {
      expect((await register(request("/api/register", { body: signUp(2) }))).status).toBe(201);
      expect(await deliverDue()).toBe(0);
      expect((await db.outboxMessage.findFirstOrThrow()).lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    } finally {
      smtp.current = await startSmtp(port);
    }
    expect(await deliverDue({ now: later(RETRY_DELAYS_MS[0]!) })).toBe(1);
    expect(smtp.current.received.map((m) => m.to)).toEqual([["ana2@example.com"]]);
  });

  it("gives up after MAX_ATTEMPTS tries spread over at least 10 minutes", async () => {
    smtp.current.failing = true;
    await queueEmail(db, { to: "ana@example.com", subject: "Teste", text: "Olá" });
    let elapsed = 0;
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await deliverDue({ now: later(elapsed) });
      elapsed += RETRY_DELAYS_MS[i] ?? 0;
    }
    expect(MAX_ATTEMPTS).toBeGreaterThanOrEqual(3);
    expect(RETRY_DELAYS_MS.slice(0, MAX_ATTEMPTS - 1).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(10 * 60_000);
    const row = await db.outboxMessage.findFirstOrThrow();
    expect(row.attempts).toBe(MAX_ATTEMPTS);
    expect(row.failedAt).not.toBeNull();
    smtp.current.failing = false;
    expect(await deliverDue({ now: later(24 * 60 * 60_000) })).toBe(0);
  });

  it("survives a restart: a message queued before is sent by a new worker", async () => {
    await queueEmail(db, { to: "ana@example.com", subject: "Antes do reinício", text: "Olá" });
    // A worker that claimed it and died: its claim lapses, then another sends it.
    await db.outboxMessage.updateMany({ data: { lockedBy: "morto", lockedUntil: new Date(Date.now() + 60_000), attempts: 1 } });
    expect(await deliverDue()).toBe(0);
    expect(await deliverDue({ now: later(2 * 60_000) })).toBe(1);
    expect(smtp.current.received.map((m) => m.subject)).toEqual(["Antes do reinício"]);
  });

  it("two instances working at once send each message exactly once", async () => {
    for (let i = 0; i < 30; i++) await queueEmail(db, { to: `p${i}@example.com`, subject: `Mensagem ${i}`, text: "Olá" });
    // On PostgreSQL the second instance has its own connection pool; PGlite
    // is one process's database, so there the two workers share it.
    const second = testDatabase() === "postgres" ? new PrismaClient({ adapter: openDatabase(env()).factory, omit: { user: { passwordHash: true } } }) : db;
    try {
      const counts = await Promise.all([
        deliverDue({ workerId: "instancia-a" }),
        deliverDue({ workerId: "instancia-b", client: second }),
        deliverDue({ workerId: "instancia-c" }),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    } finally {
      if (second !== db) await second.$disconnect();
    }
    const subjects = smtp.current.received.map((m) => m.subject).sort();
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
  });

  it("without SMTP_URL writes each message as an .eml file under DATA_DIR/outbox", async () => {
    const saved = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    resetEnvCache();
    try {
      await queueEmail(db, { to: "ana@example.com", subject: "Arquivo", text: "Olá, São Paulo", html: "<p>Olá</p>" });
      expect(await deliverDue()).toBe(1);
      const files = readdirSync(outboxDir()).filter((f) => f.endsWith(".eml"));
      expect(files).toHaveLength(1);
      const mail = parseMail(readFileSync(`${outboxDir()}/${files[0]}`, "utf8"));
      expect(mail).toMatchObject({ subject: "Arquivo", to: ["ana@example.com"] });
      expect(mail.text).toContain("Olá, São Paulo");
      expect(mail.raw).toMatch(/^From: Vitrine <nao-responda@localhost>/m);
    } finally {
      process.env.SMTP_URL = saved;
      resetEnvCache();
    }
  });
});
