import { POST as reset } from "./route";
import { POST as forgot } from "@/app/api/auth/forgot-password/route";
import { POST as login } from "@/app/api/login/route";
import { GET as getUser } from "@/app/api/user/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { cookieOf, createUser, signedInUser, PASSWORD } from "@/tests/factories";
import { keyStatus, keyWithWebhook } from "@/tests/helpers/api-access";
import { linkIn, tokenOf } from "@/tests/helpers/mail";
import { NOT_SENT_NO_ACCOUNT } from "@/lib/email/outbox";
import { runDueJobs } from "@/lib/startup/app-jobs";
import { flushOutbox, useTestSmtp } from "@/tests/helpers/outbox";
import { request } from "@/tests/helpers/request";

const smtp = useTestSmtp();

const askReset = (email: unknown, ip = "203.0.113.20") => forgot(request("/api/auth/forgot-password", { body: { email }, ip }));
const resetWith = (body: unknown) => reset(request("/api/auth/reset-password", { body }));
const me = (cookie: string) => getUser(request("/api/user", { headers: { cookie } }));
const signIn = (email: string, password: string) => login(request("/api/login", { body: { username: email, password } }));

/** Asks for a reset of `email` and returns the token its message carries. */
async function resetToken(email: string): Promise<string> {
  const before = await db.outboxMessage.count();
  expect((await askReset(email)).status).toBe(200);
  expect(await db.outboxMessage.count()).toBe(before + 1);
  await flushOutbox();
  const mail = smtp.current.received.filter((m) => m.to.includes(email) && m.subject === "Redefina sua senha da Vitrine").at(-1)!;
  return tokenOf(linkIn(mail, "/reset-password"));
}

describe("password recovery", () => {
  it("answers the same 200 {ok:true} for an existing and a missing address; only the existing one gets a message", async () => {
    await createUser({ email: "ana@example.com" });
    const missing = await askReset("ninguem@example.com");
    const existing = await askReset("ANA@example.com");
    expect(missing.status).toBe(200);
    expect(existing.status).toBe(200);
    expect(await missing.text()).toBe(await existing.text());
    expect([...missing.headers.keys()].sort()).toEqual([...existing.headers.keys()].sort());
    expect(await flushOutbox()).toBe(1);
    expect(smtp.current.received.map((m) => m.to)).toEqual([["ana@example.com"]]);
  });

  it("reset replaces the password, revokes every session (a copied cookie gets 401), verifies the address and sends a notice", async () => {
    const { user, cookie } = await signedInUser({ email: "ana@example.com" });
    const second = cookieOf(await signIn("ana@example.com", PASSWORD));
    const token = await resetToken("ana@example.com");
    const res = await resetWith({ token, password: "uma-senha-nova", confirmPassword: "uma-senha-nova" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get("set-cookie")).toBeNull();
    expect((await me(cookie)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect((await signIn("ana@example.com", PASSWORD)).status).toBe(401);
    const fresh = await signIn("ana@example.com", "uma-senha-nova");
    expect(fresh.status).toBe(200);
    expect((await fresh.json()).user.emailVerified).toBe(true);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerified).not.toBeNull();
    await flushOutbox();
    expect(smtp.current.received.at(-1)).toMatchObject({ to: ["ana@example.com"], subject: "Sua senha da Vitrine foi alterada" });
    expect(smtp.current.received.at(-1)!.text).not.toMatch(/token=/);
  });

  it("reset deletes the account's API keys and turns off the webhooks it created", async () => {
    const { user } = await signedInUser({ email: "ana@example.com" });
    const held = await keyWithWebhook(user);
    expect(await keyStatus(held.key)).toBe(200);
    const token = await resetToken("ana@example.com");
    expect((await resetWith({ token, password: "uma-senha-nova", confirmPassword: "uma-senha-nova" })).status).toBe(200);
    expect(await keyStatus(held.key)).toBe(401);
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: held.webhookId } })).toMatchObject({ createdById: user.id, active: false });
  });

  it("a token works once; a forged, expired or superseded one fails with 400 'Link inválido ou expirado'", async () => {
    await createUser({ email: "ana@example.com" });
    const first = await resetToken("ana@example.com");
    const second = await resetToken("ana@example.com");
    const body = (token: unknown) => ({ token, password: "uma-senha-nova", confirmPassword: "uma-senha-nova" });
    for (const bad of [first, `${second}x`, second.replace(/\.(.)/, (_, c: string) => `.${c === "a" ? "b" : "a"}`), "x.y", undefined]) {
      const res = await resetWith(body(bad));
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("Link inválido ou expirado");
    }
    expect((await resetWith(body(second))).status).toBe(200);
    expect((await resetWith(body(second))).status).toBe(400);

    const third = await resetToken("ana@example.com");
    await db.emailToken.updateMany({ where: { purpose: "reset" }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await resetWith(body(third))).status).toBe(400);
  });

  it("a bad password answers 400 with field errors and leaves the token usable", async () => {
    await createUser({ email: "ana@example.com" });
    const token = await resetToken("ana@example.com");
    const short = await resetWith({ token, password: "curta", confirmPassword: "curta" });
    expect(short.status).toBe(400);
    expect((await short.json()).errors).toEqual({ password: "A senha deve ter pelo menos 8 caracteres" });
    const long = await resetWith({ token, password: "x".repeat(129), confirmPassword: "x".repeat(129) });
    expect((await long.json()).errors).toEqual({ password: "A senha deve ter no máximo 128 caracteres" });
    const mismatch = await resetWith({ token, password: "uma-senha-nova", confirmPassword: "outra-senha" });
    expect((await mismatch.json()).errors).toEqual({ confirmPassword: "As senhas não coincidem" });
    expect((await resetWith({ token, password: "x".repeat(128), confirmPassword: "x".repeat(128) })).status).toBe(200);
  });

  it("lets a Google-only account (no password) set one, and a listed ADMIN_EMAILS address becomes administrator", async () => {
    process.env.ADMIN_EMAILS = "chefe@example.com";
    resetEnvCache();
    try {
      await createUser({ email: "chefe@example.com", password: null });
      const token = await resetToken("chefe@example.com");
      expect((await resetWith({ token, password: "uma-senha-nova", confirmPassword: "uma-senha-nova" })).status).toBe(200);
      const res = await signIn("chefe@example.com", "uma-senha-nova");
      expect((await res.json()).user).toMatchObject({ isAdmin: true, emailVerified: true });
    } finally {
      delete process.env.ADMIN_EMAILS;
      resetEnvCache();
    }
  });

  it("limits 5 requests an hour per address and 20 per client, with Retry-After, the same for a missing address", async () => {
    await createUser({ email: "ana@example.com" });
    for (const email of ["ana@example.com", "ninguem@example.com"]) {
      for (let i = 0; i < 5; i++) expect((await askReset(email, `198.51.100.${i}`)).status).toBe(200);
      const limited = await askReset(email, "198.51.100.99");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(3000);
    }
    for (let i = 0; i < 20; i++) expect((await askReset(`pessoa${i}@example.com`, "192.0.2.77")).status).toBe(200);
    expect((await askReset("mais@example.com", "192.0.2.77")).status).toBe(429);
    // Every accepted request wrote its row (the same work either way); only the 5 for the account are sendable.
    expect(await db.outboxMessage.count()).toBe(30);
    expect(await db.outboxMessage.count({ where: { failedAt: null } })).toBe(5);
  });

  it("writes the token and the outbox row within the request, for a known and for an unknown address alike", async () => {
    const ana = await createUser({ email: "ana@example.com" });
    expect((await askReset("ana@example.com")).status).toBe(200);
    // No waiting: both rows are committed when the answer arrives.
    expect(await db.emailToken.count({ where: { userId: ana.id, purpose: "reset" } })).toBe(1);
    expect(await db.outboxMessage.findFirstOrThrow()).toMatchObject({ to: "ana@example.com", userId: ana.id, sentAt: null, failedAt: null });

    expect((await askReset("ninguem@example.com")).status).toBe(200);
    expect(await db.emailToken.count()).toBe(1);
    const unsent = await db.outboxMessage.findFirstOrThrow({ where: { to: "ninguem@example.com" } });
    expect(unsent).toMatchObject({ userId: null, sentAt: null, lastError: NOT_SENT_NO_ACCOUNT, subject: "Redefina sua senha da Vitrine" });
    expect(unsent.failedAt).not.toBeNull();
    expect(unsent.text).not.toMatch(/token=/); // sealed like any queued body

    expect(await flushOutbox()).toBe(1);
    expect(smtp.current.received.map((m) => m.to)).toEqual([["ana@example.com"]]);
    // The closed row is deleted by the jobs an hour later.
    const report = await runDueJobs({ now: new Date(Date.now() + 61 * 60_000) });
    expect(report["email.unsent"]).toEqual({ done: 1, more: false });
    expect(await db.outboxMessage.count({ where: { to: "ninguem@example.com" } })).toBe(0);
  });

  it("400 for an invalid address; 403 from another site", async () => {
    const res = await askReset("nao-e-email");
    expect(res.status).toBe(400);
    expect((await res.json()).errors.email).toBeTruthy();
    const cross = await forgot(request("/api/auth/forgot-password", { body: { email: "ana@example.com" }, headers: { origin: "https://evil.example" } }));
    expect(cross.status).toBe(403);
  });
});
