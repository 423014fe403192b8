import { POST as verify } from "./route";
import { POST as resend } from "./resend/route";
import { POST as register } from "@/app/api/register/route";
import { POST as login } from "@/app/api/login/route";
import { PUT as putProfile } from "@/app/api/user/profile/route";
import { GET as getUser } from "@/app/api/user/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { cookieOf, createUser, signedInUser, PASSWORD } from "@/tests/factories";
import { linkIn, tokenOf } from "@/tests/helpers/mail";
import { flushOutbox, useTestSmtp } from "@/tests/helpers/outbox";
import { request } from "@/tests/helpers/request";

const smtp = useTestSmtp();
const signUp = { name: "Ana Souza", username: "ana_souza", phone: "(11) 98765-4321", email: "ana@example.com", password: "segredo1" };

const verifyToken = (token: unknown) => verify(request("/api/auth/verify-email", { body: { token } }));
const me = async (cookie: string) => (await getUser(request("/api/user", { headers: { cookie } }))).json();
const resendFor = (cookie: string) => resend(request("/api/auth/verify-email/resend", { body: {}, headers: { cookie } }));

async function registerAna(body = signUp) {
  const res = await register(request("/api/register", { body }));
  expect(res.status).toBe(201);
  return cookieOf(res);
}

describe("e-mail verification", () => {
  it("registration sends one message whose link verifies the address", async () => {
    const cookie = await registerAna();
    expect((await me(cookie)).emailVerified).toBe(false);
    expect(await flushOutbox()).toBe(1);
    expect(smtp.current.received).toHaveLength(1);
    const mail = smtp.current.received[0]!;
    expect(mail.to).toEqual(["ana@example.com"]);
    expect(mail.subject).toBe("Confirme seu e-mail na Vitrine");
    const link = linkIn(mail, "/verify-email");
    expect(link.startsWith("http://localhost:3000/verify-email?token=")).toBe(true);
    expect(mail.raw).not.toMatch(/<img/i);

    const res = await verifyToken(tokenOf(link));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(await me(cookie)).toMatchObject({ emailVerified: true, pendingEmail: null });
    expect(await flushOutbox()).toBe(0);
  });

  it("stores only a hash of the token and erases the sent message's body", async () => {
    await registerAna();
    await flushOutbox();
    const token = tokenOf(linkIn(smtp.current.received[0]!, "/verify-email"));
    const secret = token.split(".")[1]!;
    const rows = JSON.stringify([await db.emailToken.findMany(), await db.outboxMessage.findMany()]);
    expect(rows).not.toContain(secret);
    expect(secret.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
  });

  it("a used, expired, forged or malformed token fails with 400 'Link inválido ou expirado'", async () => {
    await registerAna();
    await flushOutbox();
    const token = tokenOf(linkIn(smtp.current.received[0]!, "/verify-email"));
    const [id, secret] = token.split(".") as [string, string];
    const flipped = `${id}.${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}`;
    for (const bad of [flipped, `${id}.`, "nada", "", 42, undefined]) {
      const res = await verifyToken(bad);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("Link inválido ou expirado");
    }
    expect((await verifyToken(token)).status).toBe(200);
    expect((await verifyToken(token)).status).toBe(400);

    const user = await db.user.findUniqueOrThrow({ where: { email: "ana@example.com" } });
    await db.user.update({ where: { id: user.id }, data: { emailVerified: null } });
    const cookie = cookieOf(await login(request("/api/login", { body: { username: "ana@example.com", password: "segredo1" } })));
    await resendFor(cookie);
    await flushOutbox();
    expect(smtp.current.received).toHaveLength(2);
    const fresh = tokenOf(linkIn(smtp.current.received[1]!, "/verify-email"));
    await db.emailToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await verifyToken(fresh)).status).toBe(400);
    expect((await me(cookie)).emailVerified).toBe(false);
  });

  it("resend sends a new link and the earlier one stops working; verified accounts get nothing", async () => {
    const cookie = await registerAna();
    await flushOutbox();
    const first = tokenOf(linkIn(smtp.current.received[0]!, "/verify-email"));
    const res = await resendFor(cookie);
    expect(res.status).toBe(200);
    expect(await flushOutbox()).toBe(1);
    const second = tokenOf(linkIn(smtp.current.received[1]!, "/verify-email"));
    expect(second).not.toBe(first);
    expect((await verifyToken(first)).status).toBe(400);
    expect((await verifyToken(second)).status).toBe(200);
    expect((await resendFor(cookie)).status).toBe(200);
    expect(await flushOutbox()).toBe(0);
  });

  it("resend needs a session and stops at 5 an hour with Retry-After", async () => {
    expect((await resend(request("/api/auth/verify-email/resend", { body: {} }))).status).toBe(401);
    const cookie = await registerAna();
    for (let i = 0; i < 5; i++) expect((await resendFor(cookie)).status).toBe(200);
    const limited = await resendFor(cookie);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("an ADMIN_EMAILS address is not administrator until verified", async () => {
    process.env.ADMIN_EMAILS = "chefe@example.com";
    resetEnvCache();
    try {
      const cookie = await registerAna({ ...signUp, email: "chefe@example.com" });
      expect((await me(cookie)).isAdmin).toBe(false);
      const again = await login(request("/api/login", { body: { username: "chefe@example.com", password: "segredo1" } }));
      expect((await again.json()).user.isAdmin).toBe(false);
      await flushOutbox();
      expect((await verifyToken(tokenOf(linkIn(smtp.current.received[0]!, "/verify-email")))).status).toBe(200);
      expect((await me(cookie)).isAdmin).toBe(true);
    } finally {
      delete process.env.ADMIN_EMAILS;
      resetEnvCache();
    }
  });
});

describe("e-mail change", () => {
  const profile = (email: string) => ({ name: "Ana Souza", username: "ana_souza", email, phone: "(11) 98765-4321", bio: "", socials: {} });

  it("keeps the old address until the link sent to the new one is opened; the old one gets a notice", async () => {
    const { user, cookie } = await signedInUser({ username: "ana_souza", email: "ana@example.com" });
    await db.user.update({ where: { id: user.id }, data: { emailVerified: new Date() } });
    const res = await putProfile(request("/api/user/profile", { method: "PUT", body: profile("Nova@Example.com"), headers: { cookie } }));
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ email: "ana@example.com", pendingEmail: "nova@example.com", emailVerified: true });

    expect(await flushOutbox()).toBe(2);
    const toNew = smtp.current.received.find((m) => m.to.includes("nova@example.com"))!;
    const toOld = smtp.current.received.find((m) => m.to.includes("ana@example.com"))!;
    expect(toOld.text).toContain("nova@example.com");
    expect(toOld.text).not.toMatch(/token=/);
    // Sign-in still uses the old address meanwhile.
    expect((await login(request("/api/login", { body: { username: "ana@example.com", password: PASSWORD } }))).status).toBe(200);

    expect((await verifyToken(tokenOf(linkIn(toNew, "/verify-email")))).status).toBe(200);
    expect(await me(cookie)).toMatchObject({ email: "nova@example.com", pendingEmail: null, emailVerified: true });
    expect((await login(request("/api/login", { body: { username: "nova@example.com", password: PASSWORD } }))).status).toBe(200);
  });

  it("409 when the new address belongs to another account, now or when the link is opened", async () => {
    const { cookie } = await signedInUser({ username: "ana_souza", email: "ana@example.com" });
    await createUser({ email: "tomado@example.com" });
    const now = await putProfile(request("/api/user/profile", { method: "PUT", body: profile("tomado@example.com"), headers: { cookie } }));
    expect(now.status).toBe(409);

    expect((await putProfile(request("/api/user/profile", { method: "PUT", body: profile("livre@example.com"), headers: { cookie } }))).status).toBe(200);
    await flushOutbox();
    await createUser({ email: "livre@example.com" });
    const later = await verifyToken(
      tokenOf(
        linkIn(
          smtp.current.received.find((m) => m.to.includes("livre@example.com"))!,
          "/verify-email",
        ),
      ),
    );
    expect(later.status).toBe(409);
    expect((await me(cookie)).email).toBe("ana@example.com");
  });
});
