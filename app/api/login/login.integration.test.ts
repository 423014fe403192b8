import { POST } from "./route";
import { POST as logout } from "@/app/api/logout/route";
import { GET as getUser } from "@/app/api/user/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { PASSWORD, cookieOf, createUser } from "@/tests/factories";
import { request } from "@/tests/helpers/request";

const login = (body: unknown, ip?: string, headers?: Record<string, string>) => POST(request("/api/login", { body, ip, headers }));
const me = (cookie: string) => getUser(request("/api/user", { headers: { cookie } }));

describe("POST /api/login", () => {
  it("signs in with the e-mail as username, in any case, and answers {user} with a cookie", async () => {
    await createUser({ username: "ana", email: "ana@example.com" });
    const res = await login({ username: "ANA@Example.com", password: PASSWORD });
    expect(res.status).toBe(200);
    const { user } = await res.json();
    expect(user.username).toBe("ana");
    expect(JSON.stringify(user)).not.toMatch(/argon2|passwordHash/);
    expect((await me(cookieOf(res))).status).toBe(200);
  });

  it("gives a 30-day cookie with 'Lembrar de mim' and a browser-session cookie without", async () => {
    await createUser({ email: "ana@example.com" });
    const remembered = await login({ username: "ana@example.com", password: PASSWORD, remember: true });
    expect(remembered.headers.get("set-cookie")).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    const browser = await login({ username: "ana@example.com", password: PASSWORD });
    expect(browser.headers.get("set-cookie")).not.toMatch(/Max-Age|Expires/i);
  });

  it("answers one generic 401 for an unknown e-mail and a wrong password", async () => {
    await createUser({ email: "ana@example.com" });
    const wrong = await login({ username: "ana@example.com", password: "errada123" });
    const unknown = await login({ username: "ninguem@example.com", password: "errada123" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Email ou senha incorretos" });
    expect(await unknown.json()).toEqual({ message: "Email ou senha incorretos" });
    expect(wrong.headers.get("set-cookie")).toBeNull();
  });

  it("validates the fields", async () => {
    const res = await login({ username: "nao-e-email", password: "123" });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ email: "Email inválido", password: "A senha deve ter pelo menos 6 caracteres" });
  });

  it("locks an e-mail after 10 failures in 15 minutes, whatever X-Forwarded-For says", async () => {
    await createUser({ email: "alvo@example.com" });
    for (let i = 0; i < 10; i++) {
      const res = await login({ username: "alvo@example.com", password: `errada${i}00` }, `198.51.100.${i}`, {
        "x-forwarded-for": `10.0.0.${i}`,
      });
      expect(res.status).toBe(401);
    }
    const locked = await login({ username: "alvo@example.com", password: PASSWORD }, "198.51.100.99");
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
  }, 60_000);

  it("limits one address to 100 failures in 15 minutes across e-mails", async () => {
    // Seed 99 failures directly, then cross the line through the handler.
    await db.rateLimit.create({
      data: { key: "signin-fail:ip:192.0.2.9", count: 99, resetAt: new Date(Date.now() + 10 * 60_000) },
    });
    expect((await login({ username: "x@example.com", password: "errada123" }, "192.0.2.9")).status).toBe(401);
    const blocked = await login({ username: "y@example.com", password: "errada123" }, "192.0.2.9");
    expect(blocked.status).toBe(429);
    expect((await login({ username: "y@example.com", password: "errada123" }, "192.0.2.10")).status).toBe(401);
  });

  it("makes a verified ADMIN_EMAILS address an administrator at sign-in, not an unverified one", async () => {
    const chefe = await createUser({ email: "chefe@example.com" });
    process.env.ADMIN_EMAILS = "outro@example.com,Chefe@example.com";
    resetEnvCache();
    try {
      const unverified = await login({ username: "chefe@example.com", password: PASSWORD });
      expect((await unverified.json()).user.isAdmin).toBe(false);
      await db.user.update({ where: { id: chefe.id }, data: { emailVerified: new Date() } });
      const res = await login({ username: "chefe@example.com", password: PASSWORD });
      expect((await res.json()).user.isAdmin).toBe(true);
    } finally {
      delete process.env.ADMIN_EMAILS;
      resetEnvCache();
    }
  });
});

describe("sessions", () => {
  it("GET /api/user answers 401 without a session or with a forged cookie", async () => {
    expect((await getUser(request("/api/user"))).status).toBe(401);
    expect((await me("authjs.session-token=forged.jwt.value")).status).toBe(401);
  });

  it("POST /api/logout revokes the session: a copied cookie stops working", async () => {
    await createUser({ email: "ana@example.com" });
    const res = await login({ username: "ana@example.com", password: PASSWORD });
    const cookie = cookieOf(res);
    const copy = `${cookie}`;
    expect((await me(copy)).status).toBe(200);
    const out = await logout(request("/api/logout", { body: {}, headers: { cookie } }));
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ ok: true });
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect((await me(copy)).status).toBe(401);
    expect(await db.session.count()).toBe(0);
  });

  it("reads the administrator flag fresh on every request", async () => {
    const user = await createUser({ email: "ana@example.com", isAdmin: true });
    const cookie = cookieOf(await login({ username: "ana@example.com", password: PASSWORD }));
    expect((await (await me(cookie)).json()).isAdmin).toBe(true);
    await db.user.update({ where: { id: user.id }, data: { isAdmin: false } });
    expect((await (await me(cookie)).json()).isAdmin).toBe(false);
  });

  it("ends a browser session after 24 h without use, and any session at its expiry", async () => {
    await createUser({ email: "ana@example.com" });
    const browser = cookieOf(await login({ username: "ana@example.com", password: PASSWORD }));
    await db.session.updateMany({ data: { lastSeenAt: new Date(Date.now() - 25 * 60 * 60 * 1000) } });
    expect((await me(browser)).status).toBe(401);

    const remembered = cookieOf(await login({ username: "ana@example.com", password: PASSWORD, remember: true }));
    await db.session.updateMany({ data: { lastSeenAt: new Date(Date.now() - 25 * 60 * 60 * 1000) } });
    expect((await me(remembered)).status).toBe(200);
    await db.session.updateMany({ data: { expires: new Date(Date.now() - 1000) } });
    expect((await me(remembered)).status).toBe(401);
  });
});
