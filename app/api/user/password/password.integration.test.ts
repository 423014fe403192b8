import { PUT } from "./route";
import { POST as login } from "@/app/api/login/route";
import { GET as getUser } from "@/app/api/user/route";
import { db } from "@/lib/server/db";
import { createSession } from "@/lib/server/session";
import { PASSWORD, createUser, signedInUser } from "@/tests/factories";
import { request } from "@/tests/helpers/request";

const put = (cookie: string, body: unknown) => PUT(request("/api/user/password", { method: "PUT", body, headers: { cookie } }));
const me = (cookie: string) => getUser(request("/api/user", { headers: { cookie } }));
const signIn = (email: string, password: string) => login(request("/api/login", { body: { username: email, password } }));
const change = { currentPassword: PASSWORD, newPassword: "nova-senha-123", confirmPassword: "nova-senha-123" };

describe("PUT /api/user/password", () => {
  it("changes the password, ends every other session and keeps the caller signed in", async () => {
    const { user, cookie } = await signedInUser({ email: "ana@example.com" });
    const other = (await createSession(user.id, true)).cookie.split(";")[0]!;
    const third = (await createSession(user.id, false)).cookie.split(";")[0]!;
    const someoneElse = await signedInUser();
    expect((await me(other)).status).toBe(200);

    const res = await put(cookie, change);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect((await me(cookie)).status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await me(third)).status).toBe(401);
    expect((await me(someoneElse.cookie)).status).toBe(200);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);

    expect((await signIn("ana@example.com", PASSWORD)).status).toBe(401);
    expect((await signIn("ana@example.com", "nova-senha-123")).status).toBe(200);
  });

  it("answers 400 'Senha atual incorreta' on currentPassword for a wrong current password, changing nothing", async () => {
    const { user, cookie } = await signedInUser({ email: "ana@example.com" });
    const other = (await createSession(user.id, true)).cookie.split(";")[0]!;
    const res = await put(cookie, { ...change, currentPassword: "errada-123" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Senha atual incorreta", errors: { currentPassword: "Senha atual incorreta" } });
    expect((await me(other)).status).toBe(200);
    expect((await signIn("ana@example.com", PASSWORD)).status).toBe(200);
  });

  it("answers 400 with the spec's messages", async () => {
    const { cookie } = await signedInUser();
    const empty = await put(cookie, { currentPassword: "", newPassword: "curta", confirmPassword: "" });
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors).toEqual({
      newPassword: "A nova senha deve ter pelo menos 8 caracteres",
      confirmPassword: "Confirme a nova senha",
    });
    const noCurrent = await put(cookie, { ...change, currentPassword: "" });
    expect(noCurrent.status).toBe(400);
    expect((await noCurrent.json()).errors).toEqual({ currentPassword: "Senha atual é obrigatória" });
    const mismatch = await put(cookie, { ...change, confirmPassword: "outra-senha-123" });
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).errors).toEqual({ confirmPassword: "As senhas não coincidem" });
    expect((await put(cookie, { ...change, newPassword: "x".repeat(129), confirmPassword: "x".repeat(129) })).status).toBe(400);
  });

  it("lets an account without a password (linked through Google) set one without a current password", async () => {
    const user = await createUser({ email: "google@example.com", password: null });
    const cookie = (await createSession(user.id, true)).cookie.split(";")[0]!;
    expect((await (await me(cookie)).json()).hasPassword).toBe(false);
    const res = await put(cookie, { newPassword: "primeira-senha", confirmPassword: "primeira-senha" });
    expect(res.status).toBe(200);
    expect((await (await me(cookie)).json()).hasPassword).toBe(true);
    expect((await signIn("google@example.com", "primeira-senha")).status).toBe(200);
    // From now on the current password is asked.
    expect((await put(cookie, { newPassword: "segunda-senha", confirmPassword: "segunda-senha" })).status).toBe(400);
  });

  it("locks the current-password check after 10 wrong guesses", async () => {
    const { cookie } = await signedInUser();
    for (let i = 0; i < 10; i++) expect((await put(cookie, { ...change, currentPassword: `errada-${i}00` })).status).toBe(400);
    const locked = await put(cookie, change);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
  }, 60_000);

  it("never takes a user id from the body", async () => {
    const victim = await createUser({ email: "vitima@example.com" });
    const { cookie } = await signedInUser();
    expect((await put(cookie, { ...change, id: victim.id, userId: victim.id })).status).toBe(200);
    expect((await signIn("vitima@example.com", PASSWORD)).status).toBe(200);
  });

  it("answers 401 without a session", async () => {
    expect((await PUT(request("/api/user/password", { method: "PUT", body: change }))).status).toBe(401);
  });
});
