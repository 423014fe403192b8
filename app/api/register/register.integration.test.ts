import { POST } from "./route";
import { GET as getUser } from "@/app/api/user/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { cookieOf, createUser } from "@/tests/factories";
import { request } from "@/tests/helpers/request";

const valid = {
  name: "Ana Souza",
  username: "ana_souza",
  phone: "(11) 98765-4321",
  email: "ana@example.com",
  password: "segredo1",
};

const register = (body: unknown, ip?: string) => POST(request("/api/register", { body, ip }));

describe("POST /api/register", () => {
  it("creates the account, answers 201 {user} and signs it in", async () => {
    const res = await register(valid);
    expect(res.status).toBe(201);
    const { user } = await res.json();
    expect(user).toMatchObject({ name: "Ana Souza", username: "ana_souza", email: "ana@example.com", isAdmin: false });
    expect(user).not.toHaveProperty("passwordHash");
    expect(res.headers.get("set-cookie")).toMatch(/authjs\.session-token=.+; Path=\/; HttpOnly; SameSite=Lax/);

    const me = await getUser(request("/api/user", { headers: { cookie: cookieOf(res) } }));
    expect(me.status).toBe(200);
    expect((await me.json()).username).toBe("ana_souza");

    const stored = await db.user.findFirstOrThrow({ where: { memberships: { some: { page: { username: "ana_souza" } } } }, omit: { passwordHash: false } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("stores the e-mail lowercased and refuses it again in any case", async () => {
    expect((await register({ ...valid, email: "Ana@Example.COM" })).status).toBe(201);
    const again = await register({ ...valid, username: "outra", email: "ANA@example.com" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: "Este e-mail já está em uso" });
  });

  it("refuses a taken username with 409", async () => {
    await createUser({ username: "ana_souza" });
    const res = await register(valid);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("Este nome de usuário já está em uso");
  });

  it.each(["admin", "login", "dashboard", "api", "settings"])("refuses the reserved name %s with 409", async (username) => {
    const res = await register({ ...valid, username });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("Este nome de usuário já está em uso");
  });

  it("checks the page's confirmation and terms when it sends them, every message in one answer, and creates nothing", async () => {
    const res = await register({ ...valid, phone: "12", passwordConfirmation: "outra-senha", terms: false });
    expect(res.status).toBe(400);
    const { errors } = await res.json();
    expect(errors).toMatchObject({ phone: expect.any(String), terms: "Você deve aceitar os termos e condições" });
    expect(await db.page.count({ where: { username: "ana_souza" } })).toBe(0);

    const mismatch = await register({ ...valid, passwordConfirmation: "outra-senha", terms: true });
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).errors).toEqual({ passwordConfirmation: "As senhas não coincidem" });
    expect(await db.page.count({ where: { username: "ana_souza" } })).toBe(0);

    expect((await register({ ...valid, passwordConfirmation: valid.password, terms: true })).status).toBe(201);
  });

  it("ignores isAdmin and other fields a user may not set", async () => {
    const res = await register({ ...valid, isAdmin: true, id: "x", createdAt: "2000-01-01", clicks: 9 });
    expect(res.status).toBe(201);
    const stored = await db.user.findFirstOrThrow({ where: { memberships: { some: { page: { username: "ana_souza" } } } } });
    expect(stored.isAdmin).toBe(false);
    expect(stored.id).not.toBe("x");
    expect(stored.createdAt.getFullYear()).toBeGreaterThan(2020);
  });

  it("does not make an ADMIN_EMAILS address an administrator before it is verified", async () => {
    process.env.ADMIN_EMAILS = "chefe@example.com";
    resetEnvCache();
    try {
      const res = await register({ ...valid, email: "chefe@example.com" });
      expect((await res.json()).user).toMatchObject({ isAdmin: false, emailVerified: false, pendingEmail: null });
      expect(await db.outboxMessage.count({ where: { to: "chefe@example.com" } })).toBe(1);
    } finally {
      delete process.env.ADMIN_EMAILS;
      resetEnvCache();
    }
  });

  it.each([
    [{ name: "Al" }, "name", "Nome deve ter pelo menos 3 caracteres"],
    [{ username: "Ana Souza" }, "username", "Nome de usuário deve conter apenas letras minúsculas, números e sublinhados (até 20 caracteres)"],
    [{ phone: "1234" }, "phone", "Telefone inválido"],
    [{ phone: "(11) 98765-4321 ramal" }, "phone", "Formato de telefone inválido"],
    [{ phone: "1234567890123456" }, "phone", "Formato de telefone inválido"],
    [{ email: "ana@" }, "email", "Email inválido"],
    [{ email: "um.endereco.bem.longo@example.com" }, "email", "Email deve ter no máximo 30 caracteres"],
    [{ password: "12345" }, "password", "A senha deve ter pelo menos 6 caracteres"],
    [{ password: "x".repeat(21) }, "password", "A senha deve ter no máximo 20 caracteres"],
    [{ username: { contains: "a" } }, "username", "Nome de usuário deve conter apenas letras minúsculas, números e sublinhados (até 20 caracteres)"],
  ])("answers 400 for %j on the right field", async (change, field, message) => {
    const res = await register({ ...valid, ...change });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[field]).toBe(message);
    expect(await db.user.count()).toBe(0);
  });

  it("answers 429 past 20 sign-ups from one address within an hour", async () => {
    for (let i = 0; i < 20; i++) {
      const res = await register({ ...valid, username: `conta_${i}`, email: `c${i}@example.com` }, "192.0.2.50");
      expect(res.status).toBe(201);
    }
    const res = await register({ ...valid, username: "conta_x", email: "cx@example.com" }, "192.0.2.50");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await db.user.count()).toBe(20);
    expect((await register({ ...valid, username: "conta_y", email: "cy@example.com" }, "192.0.2.51")).status).toBe(201);
  }, 60_000);
});
