import { POST as disable } from "./disable/route";
import { POST as enable } from "./enable/route";
import { POST as setup } from "./setup/route";
import { GET as getUser } from "@/app/api/user/route";
import { db } from "@/lib/server/db";
import { PASSWORD, signedInUser } from "@/tests/factories";
import { request } from "@/tests/helpers/request";
import { awayFromStepEdge, codeAt, turnOnTwoFactor } from "@/tests/helpers/two-factor";

const post = (handler: (r: Request) => Promise<Response>, path: string, cookie: string, body: unknown = {}) =>
  handler(request(path, { body, headers: { cookie } }));
const me = async (cookie: string) => (await getUser(request("/api/user", { headers: { cookie } }))).json();

describe("POST /api/user/2fa/setup and /enable", () => {
  it("makes a pending base32 secret with its otpauth URL, stored encrypted, not yet active", async () => {
    const { user, cookie } = await signedInUser({ email: "ana@example.com" });
    const res = await post(setup, "/api/user/2fa/setup", cookie);
    expect(res.status).toBe(200);
    const { secret, otpauthUrl } = await res.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(`otpauth://totp/Vitrine:ana%40example.com?issuer=Vitrine&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    const row = await db.twoFactor.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.secret).toBeNull();
    expect(row.pendingSecret).not.toContain(secret);
    expect((await me(cookie)).twoFactorEnabled).toBe(false);
    // A later setup replaces it.
    const again = await (await post(setup, "/api/user/2fa/setup", cookie)).json();
    expect(again.secret).not.toBe(secret);
    await awayFromStepEdge();
    expect((await post(enable, "/api/user/2fa/enable", cookie, { code: codeAt(secret) })).status).toBe(400);
  });

  it("turns on with a right code: ten recovery codes, the user says twoFactorEnabled; setup is then refused", async () => {
    const { cookie } = await signedInUser();
    const { secret } = await (await post(setup, "/api/user/2fa/setup", cookie)).json();
    const wrong = await post(enable, "/api/user/2fa/enable", cookie, { code: "123456" === codeAt(secret) ? "654321" : "123456" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe("Código inválido");
    expect((await post(enable, "/api/user/2fa/enable", cookie, { code: "abc" })).status).toBe(400);
    await awayFromStepEdge();
    const res = await post(enable, "/api/user/2fa/enable", cookie, { code: codeAt(secret) });
    expect(res.status).toBe(200);
    const { recoveryCodes } = await res.json();
    expect(recoveryCodes).toHaveLength(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect((await me(cookie)).twoFactorEnabled).toBe(true);
    const refused = await post(setup, "/api/user/2fa/setup", cookie);
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe("A verificação em duas etapas já está ativada");
  });

  it("answers 401 without a session", async () => {
    expect((await setup(request("/api/user/2fa/setup", { body: {} }))).status).toBe(401);
  });
});

describe("POST /api/user/2fa/disable", () => {
  it("asks for the password and a code; a wrong one changes nothing", async () => {
    const { user, cookie } = await signedInUser();
    const { secret } = await turnOnTwoFactor(cookie);
    await awayFromStepEdge();
    const badPassword = await post(disable, "/api/user/2fa/disable", cookie, { password: "errada-123", code: codeAt(secret) });
    expect(badPassword.status).toBe(400);
    expect((await badPassword.json()).message).toBe("Senha atual incorreta");
    const noPassword = await post(disable, "/api/user/2fa/disable", cookie, { code: codeAt(secret) });
    expect(noPassword.status).toBe(400);
    const badCode = await post(disable, "/api/user/2fa/disable", cookie, { password: PASSWORD, code: "000000" });
    expect(badCode.status).toBe(400);
    expect((await badCode.json()).message).toBe("Código inválido");
    expect((await me(cookie)).twoFactorEnabled).toBe(true);

    const ok = await post(disable, "/api/user/2fa/disable", cookie, { password: PASSWORD, code: codeAt(secret) });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true });
    expect((await me(cookie)).twoFactorEnabled).toBe(false);
    expect(await db.twoFactor.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
  });

  it("takes an unused recovery code, and no password from an account without one", async () => {
    const { cookie } = await signedInUser({ password: null });
    const { recoveryCodes } = await turnOnTwoFactor(cookie);
    const ok = await post(disable, "/api/user/2fa/disable", cookie, { code: recoveryCodes[0] });
    expect(ok.status).toBe(200);
    expect((await me(cookie)).twoFactorEnabled).toBe(false);
  });
});
