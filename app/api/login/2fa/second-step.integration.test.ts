import { POST as secondStep } from "./route";
import { POST as login } from "@/app/api/login/route";
import { POST as google } from "@/app/api/auth/google/route";
import { GET as getUser } from "@/app/api/user/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { PASSWORD, signedInUser } from "@/tests/factories";
import { GOOGLE_CLIENT_ID, startFakeGoogle, type FakeGoogle } from "@/tests/helpers/google";
import { request } from "@/tests/helpers/request";
import { awayFromStepEdge, codeAt, turnOnTwoFactor } from "@/tests/helpers/two-factor";

const EMAIL = "ana@example.com";
const me = (cookie: string) => getUser(request("/api/user", { headers: { cookie } }));
const signIn = (password = PASSWORD, ip?: string) => login(request("/api/login", { body: { username: EMAIL, password }, ip }));
const cookieNamed = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];
const second = (challenge: string | undefined, code: string, ip?: string) =>
  secondStep(request("/api/login/2fa", { body: { code }, headers: challenge ? { cookie: challenge } : {}, ip }));

/** A user with two-factor on, signed out; the password step done: its challenge cookie. */
async function twoFactorUser() {
  const { user, cookie } = await signedInUser({ email: EMAIL });
  const { secret, recoveryCodes } = await turnOnTwoFactor(cookie);
  await db.session.deleteMany({ where: { userId: user.id } });
  const first = await signIn();
  return { user, secret, recoveryCodes, first, challenge: cookieNamed(first, "vitrine.2fa") };
}

describe("sign-in with two-factor on", () => {
  it("answers the password step with {twoFactorRequired} and a 5-minute challenge cookie, never a session", async () => {
    const { user, first, challenge } = await twoFactorUser();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ twoFactorRequired: true });
    const set = first.headers.getSetCookie();
    expect(set).toHaveLength(1);
    expect(set[0]).toMatch(/^vitrine\.2fa=[\w-]{40,}; Path=\/api\/login; HttpOnly; SameSite=Lax; Max-Age=300/);
    expect(set.some((c) => c.startsWith("authjs.session-token="))).toBe(false);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    // The challenge is no session, under any cookie name.
    const value = challenge!.split("=")[1]!;
    expect((await me(challenge!)).status).toBe(401);
    expect((await me(`authjs.session-token=${value}`)).status).toBe(401);
  });

  it("accepts the codes of the previous, current and next step, each once; ±2 steps and replays are refused", async () => {
    const { secret, user } = await twoFactorUser();
    // Turning it on spent the previous step's code: start from no code used.
    await db.twoFactor.update({ where: { userId: user.id }, data: { lastStep: 0 } });
    await awayFromStepEdge(8_000);
    const results: Record<string, number> = {};
    for (const [name, steps] of [
      ["−2", -2],
      ["+2", 2],
    ] as const) {
      const { challenge } = await freshChallenge();
      results[name] = (await second(challenge, codeAt(secret, steps))).status;
    }
    expect(results).toEqual({ "−2": 401, "+2": 401 });
    // Oldest first: each accepted step moves the floor up.
    for (const steps of [-1, 0, 1]) {
      const { challenge } = await freshChallenge();
      const res = await second(challenge, codeAt(secret, steps));
      expect([steps, res.status]).toEqual([steps, 200]);
      const session = cookieNamed(res, "authjs.session-token");
      expect((await me(session!)).status).toBe(200);
      expect(cookieNamed(res, "vitrine.2fa")).toBe("vitrine.2fa=");
    }
    // Replays: every code already accepted (and anything older) is refused now.
    for (const steps of [1, 0, -1]) {
      const { challenge } = await freshChallenge();
      expect((await second(challenge, codeAt(secret, steps))).status).toBe(401);
    }
  });

  it("refuses a challenge that was already spent, and answers 401 without one", async () => {
    const { secret, challenge } = await twoFactorUser();
    await awayFromStepEdge();
    expect((await second(challenge, codeAt(secret))).status).toBe(200);
    const again = await second(challenge, codeAt(secret, 1));
    expect(again.status).toBe(401);
    expect((await again.json()).message).toBe("Sua verificação expirou. Entre com e-mail e senha de novo.");
    const none = await second(undefined, codeAt(secret, 1));
    expect(none.status).toBe(401);
    expect((await second("vitrine.2fa=inventado", codeAt(secret, 1))).status).toBe(401);
  });

  it("refuses an expired challenge", async () => {
    const { secret, challenge, user } = await twoFactorUser();
    await db.twoFactorChallenge.updateMany({ where: { userId: user.id }, data: { expires: new Date(Date.now() - 1000) } });
    await awayFromStepEdge();
    expect((await second(challenge, codeAt(secret))).status).toBe(401);
  });

  it("lets each recovery code in once", async () => {
    const { recoveryCodes, challenge, user } = await twoFactorUser();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const used = recoveryCodes[3]!;
    const res = await second(challenge, ` ${used.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect((await res.json()).user.id).toBe(user.id);
    const next = await freshChallenge();
    const replay = await second(next.challenge, used);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ message: "Código inválido", errors: { code: "Código inválido" } });
    expect((await second(next.challenge, recoveryCodes[4]!)).status).toBe(200);
    // The devices list says how: the password, then a recovery code.
    expect((await db.session.findMany({ where: { userId: user.id } })).map((s) => s.method)).toEqual(["password+recovery", "password+recovery"]);
    // Stored only as hashes.
    const rows = await db.recoveryCode.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(10);
    for (const code of recoveryCodes) expect(JSON.stringify(rows)).not.toContain(code.replace("-", ""));
    expect(rows.filter((r) => r.usedAt)).toHaveLength(2);
  });

  it("answers 429 after 5 wrong codes for one pending sign-in, even to the right code", async () => {
    const { secret, challenge } = await twoFactorUser();
    for (let i = 0; i < 5; i++) {
      const wrong = await second(challenge, "000000");
      expect([i, wrong.status]).toEqual([i, 401]);
    }
    await awayFromStepEdge();
    const blocked = await second(challenge, codeAt(secret));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // A new pending sign-in starts a new count.
    const next = await freshChallenge();
    expect((await second(next.challenge, codeAt(secret))).status).toBe(200);
  });

  it("counts wrong codes in the account's sign-in failures: past 10, even the password step answers 429", async () => {
    const { challenge } = await twoFactorUser();
    for (let i = 0; i < 5; i++) expect((await second(challenge, "111111", `198.51.100.${i}`)).status).toBe(401);
    const next = await freshChallenge("198.51.100.50");
    for (let i = 0; i < 5; i++) expect((await second(next.challenge, "222222", `198.51.100.${10 + i}`)).status).toBe(401);
    const locked = await signIn(PASSWORD, "198.51.100.99");
    expect(locked.status).toBe(429);
  });

  it("keeps a sign-in without two-factor as it was: one step, session cookie", async () => {
    await signedInUser({ email: "bia@example.com" });
    const res = await login(request("/api/login", { body: { username: "bia@example.com", password: PASSWORD } }));
    expect(res.status).toBe(200);
    expect((await res.json()).user.twoFactorEnabled).toBe(false);
    expect(cookieNamed(res, "authjs.session-token")).toBeDefined();
  });
});

describe("Google sign-in with two-factor on", () => {
  let fake: FakeGoogle;
  beforeAll(async () => {
    fake = await startFakeGoogle();
  });
  afterAll(async () => {
    await fake.close();
    delete process.env.GOOGLE_CLIENT_ID;
    delete process.env.GOOGLE_JWKS_URL;
    resetEnvCache();
  });

  it("needs the second step too, and the session records Google as its first step", async () => {
    process.env.GOOGLE_CLIENT_ID = GOOGLE_CLIENT_ID;
    process.env.GOOGLE_JWKS_URL = fake.jwksUrl;
    resetEnvCache();
    const claims = { sub: "g-2fa", email: "gui@gmail.com", name: "Gui" };
    const created = await google(request("/api/auth/google", { body: { credential: await fake.sign(claims) } }));
    expect(created.status).toBe(200);
    const { secret } = await turnOnTwoFactor(cookieNamed(created, "authjs.session-token")!);
    await db.session.deleteMany({});

    const res = await google(request("/api/auth/google", { body: { credential: await fake.sign(claims) } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ twoFactorRequired: true });
    expect(cookieNamed(res, "authjs.session-token")).toBeUndefined();
    expect(await db.session.count()).toBe(0);
    await awayFromStepEdge();
    const done = await second(cookieNamed(res, "vitrine.2fa"), codeAt(secret));
    expect(done.status).toBe(200);
    expect((await done.json()).user.email).toBe("gui@gmail.com");
    expect((await me(cookieNamed(done, "authjs.session-token")!)).status).toBe(200);
    expect((await db.session.findFirstOrThrow({ where: { user: { email: "gui@gmail.com" } } })).method).toBe("google+totp");
    // Spent with the session (single use).
    expect(await db.twoFactorChallenge.count()).toBe(0);
  });
});

async function freshChallenge(ip?: string) {
  const first = await signIn(PASSWORD, ip);
  expect(first.status).toBe(200);
  return { challenge: cookieNamed(first, "vitrine.2fa") };
}
