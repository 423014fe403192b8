/** @jest-environment node */
import { POST as passkeyLogin } from "./route";
import { POST as loginOptions } from "./options/route";
import { POST as secondStepOptions } from "@/app/api/login/2fa/passkey/options/route";
import { POST as secondStepPasskey } from "@/app/api/login/2fa/passkey/route";
import { POST as secondStepCode } from "@/app/api/login/2fa/route";
import { POST as login } from "@/app/api/login/route";
import { POST as addPasskey } from "@/app/api/passkeys/route";
import { POST as creationOptions } from "@/app/api/passkeys/options/route";
import { DELETE as removePasskey } from "@/app/api/passkeys/[id]/route";
import { GET as getUser } from "@/app/api/user/route";
import { GET as listSessions } from "@/app/api/user/sessions/route";
import { POST as googleSignIn } from "@/app/api/auth/google/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { PASSWORD, signedInUser } from "@/tests/factories";
import { GOOGLE_CLIENT_ID, startFakeGoogle, type FakeGoogle } from "@/tests/helpers/google";
import { params, request } from "@/tests/helpers/request";
import { awayFromStepEdge, codeAt, turnOnTwoFactor } from "@/tests/helpers/two-factor";
import { cloneCredential, createCredential, getAssertion, type SoftCredential } from "@/tests/helpers/webauthn";

const NOT_RECOGNISED = "Passkey não reconhecida";
const EMAIL = "ana@example.com";

type RequestOptions = { challenge: string; rpId: string; userVerification?: string; allowCredentials?: { id: string }[] };

const cookieNamed = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];
const me = (cookie: string) => getUser(request("/api/user", { headers: { cookie } }));

async function options(ip?: string): Promise<RequestOptions> {
  const res = await loginOptions(request("/api/login/passkey/options", { body: {}, ip }));
  expect(res.status).toBe(200);
  return (await res.json()) as RequestOptions;
}

const signIn = (response: unknown, body: Record<string, unknown> = {}, ip?: string) =>
  passkeyLogin(request("/api/login/passkey", { body: { response, ...body }, ip }));

/** An account with a passkey (added through the API by a software authenticator), signed out. */
async function userWithPasskey(email = EMAIL) {
  const { user, cookie } = await signedInUser({ email });
  const opts = await (await creationOptions(request("/api/passkeys/options", { body: {}, headers: { cookie } }))).json();
  const { credential, response } = createCredential(opts);
  const added = await addPasskey(request("/api/passkeys", { body: { response, name: "Celular" }, headers: { cookie } }));
  expect(added.status).toBe(201);
  const passkey = (await added.json()) as { id: string };
  return { user, cookie, credential, passkeyId: passkey.id };
}

async function expectRefused(res: Response) {
  expect([res.status, (await res.json()).message]).toEqual([400, NOT_RECOGNISED]);
}

describe("'Entrar com passkey' (POST /api/login/passkey/options, POST /api/login/passkey)", () => {
  it("answers discoverable request options (no allowCredentials, user verification required) and stores the challenge", async () => {
    const opts = await options();
    expect(opts.rpId).toBe("localhost");
    expect(opts.userVerification).toBe("required");
    expect(opts.allowCredentials ?? []).toEqual([]);
    expect(await db.webAuthnChallenge.findUniqueOrThrow({ where: { challenge: opts.challenge } })).toMatchObject({ purpose: "login", userId: null });
  });

  it("signs in with {user} and the session cookie (method 'passkey'), sets lastUsedAt, and the cookie works", async () => {
    const { user, credential, passkeyId } = await userWithPasskey();
    await db.session.deleteMany({ where: { userId: user.id } });
    const res = await signIn(getAssertion(await options(), credential), { remember: true });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ id: user.id, email: EMAIL });
    const cookie = cookieNamed(res, "authjs.session-token")!;
    expect(res.headers.get("set-cookie")).toMatch(/Max-Age=2592000/);
    expect((await me(cookie)).status).toBe(200);
    const sessions = await (await listSessions(request("/api/user/sessions", { headers: { cookie } }))).json();
    expect(sessions.map((s: { method: string }) => s.method)).toEqual(["passkey"]);
    const row = await db.passkey.findUniqueOrThrow({ where: { id: passkeyId } });
    expect(row.lastUsedAt!.getTime()).toBeGreaterThan(Date.now() - 10_000);
    expect(await db.webAuthnChallenge.count()).toBe(0);
  });

  it("keeps the signature counter and refuses an answer that moves it back", async () => {
    const { credential, passkeyId } = await userWithPasskey();
    expect((await signIn(getAssertion(await options(), credential, { counter: 7 }))).status).toBe(200);
    expect((await db.passkey.findUniqueOrThrow({ where: { id: passkeyId } })).counter).toBe(BigInt(7));
    // A cloned authenticator still at 5.
    await expectRefused(await signIn(getAssertion(await options(), cloneCredential(credential), { counter: 5 })));
    expect((await signIn(getAssertion(await options(), credential, { counter: 8 }))).status).toBe(200);
  });

  it("refuses a replayed assertion, a reused or expired challenge, a wrong origin or RP ID, no user verification, another user handle and a removed passkey", async () => {
    const { credential, cookie, passkeyId } = await userWithPasskey();
    const first = getAssertion(await options(), credential);
    expect((await signIn(first)).status).toBe(200);
    // The same answer again (the challenge it signed is spent).
    await expectRefused(await signIn(first));
    // A new signature over a spent challenge.
    await expectRefused(
      await signIn(
        getAssertion(
          { challenge: JSON.parse(Buffer.from((first.response as { clientDataJSON: string }).clientDataJSON, "base64url").toString()).challenge },
          credential,
        ),
      ),
    );
    const expired = await options();
    await db.webAuthnChallenge.update({ where: { challenge: expired.challenge }, data: { expires: new Date(Date.now() - 1000) } });
    await expectRefused(await signIn(getAssertion(expired, credential)));
    await expectRefused(await signIn(getAssertion(await options(), credential, { origin: "https://evil.example" })));
    await expectRefused(await signIn(getAssertion(await options(), credential, { rpID: "evil.example" })));
    await expectRefused(await signIn(getAssertion(await options(), credential, { userVerified: false })));
    await expectRefused(await signIn(getAssertion(await options(), credential, { type: "webauthn.create" })));
    await expectRefused(await signIn(getAssertion(await options(), credential, { userHandle: Buffer.from("someone-else").toString("base64url") })));
    // A challenge of another purpose (adding a passkey) does not sign in.
    const register = await (await creationOptions(request("/api/passkeys/options", { body: {}, headers: { cookie } }))).json();
    await expectRefused(await signIn(getAssertion({ challenge: register.challenge }, credential)));
    // A key the server never saw.
    const stranger: SoftCredential = { ...createCredential({ challenge: "x", rp: {}, user: { id: "eA" } }).credential };
    await expectRefused(await signIn(getAssertion(await options(), stranger)));
    await expectRefused(await signIn({ id: "abc" }));
    // Removed, then used.
    const removed = await removePasskey(
      request(`/api/passkeys/${passkeyId}`, { method: "DELETE", body: { password: PASSWORD }, headers: { cookie } }),
      params({ id: passkeyId }),
    );
    expect(removed.status).toBe(200);
    await expectRefused(await signIn(getAssertion(await options(), credential)));
  });

  it("one challenge, two answers at once: one session", async () => {
    const { credential, user } = await userWithPasskey();
    await db.session.deleteMany({ where: { userId: user.id } });
    const opts = await options();
    const [a, b] = [getAssertion(opts, credential), getAssertion(opts, credential)];
    const statuses = (await Promise.all([signIn(a), signIn(b)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400]);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it("signs an account with two-factor on in without a code", async () => {
    const { user, cookie, credential } = await userWithPasskey();
    await turnOnTwoFactor(cookie);
    await db.session.deleteMany({ where: { userId: user.id } });
    const res = await signIn(getAssertion(await options(), credential));
    expect(res.status).toBe(200);
    expect((await res.json()).twoFactorRequired).toBeUndefined();
    expect((await me(cookieNamed(res, "authjs.session-token")!)).status).toBe(200);
    expect(await db.twoFactorChallenge.count({ where: { userId: user.id } })).toBe(0);
  });

  it("applies the sign-in limits: failures count against the address, and past 100 even a good passkey answers 429", async () => {
    const { credential } = await userWithPasskey();
    const ip = "192.0.2.77";
    await db.rateLimit.create({ data: { key: `signin-fail:ip:${ip}`, count: 99, resetAt: new Date(Date.now() + 10 * 60_000) } });
    await expectRefused(await signIn(getAssertion(await options(ip), credential, { origin: "https://evil.example" }), {}, ip));
    const blocked = await signIn(getAssertion(await options(ip), credential), {}, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await signIn(getAssertion(await options("192.0.2.78"), credential), {}, "192.0.2.78")).status).toBe(200);
  });

  it("limits the options one address may ask for (60 a minute)", async () => {
    const ip = "192.0.2.90";
    for (let i = 0; i < 60; i++) await options(ip);
    const res = await loginOptions(request("/api/login/passkey/options", { body: {}, ip }));
    expect(res.status).toBe(429);
  }, 60_000);
});

describe("a passkey as the second step (POST /api/login/2fa/passkey/options, POST /api/login/2fa/passkey)", () => {
  async function pendingSignIn() {
    const first = await login(request("/api/login", { body: { username: EMAIL, password: PASSWORD } }));
    expect(await first.json()).toEqual({ twoFactorRequired: true });
    return cookieNamed(first, "vitrine.2fa")!;
  }
  const stepOptions = async (challenge?: string) =>
    secondStepOptions(request("/api/login/2fa/passkey/options", { body: {}, headers: challenge ? { cookie: challenge } : {} }));
  const answer = (challenge: string | undefined, response: unknown, ip?: string) =>
    secondStepPasskey(request("/api/login/2fa/passkey", { body: { response }, headers: challenge ? { cookie: challenge } : {}, ip }));

  async function twoFactorUserWithPasskey() {
    const made = await userWithPasskey();
    await turnOnTwoFactor(made.cookie);
    await db.session.deleteMany({ where: { userId: made.user.id } });
    return made;
  }

  it("after the password, a passkey of the account takes the code's place (method 'password+passkey')", async () => {
    const { user, credential } = await twoFactorUserWithPasskey();
    const challenge = await pendingSignIn();
    const res = await stepOptions(challenge);
    expect(res.status).toBe(200);
    const opts = (await res.json()) as RequestOptions;
    expect(opts.userVerification).toBe("required");
    expect(opts.allowCredentials?.map((c) => c.id)).toEqual([credential.id.toString("base64url")]);
    expect(await db.webAuthnChallenge.findUniqueOrThrow({ where: { challenge: opts.challenge } })).toMatchObject({ purpose: "second-step", userId: user.id });
    const done = await answer(challenge, getAssertion(opts, credential));
    expect(done.status).toBe(200);
    expect((await done.json()).user.id).toBe(user.id);
    const cookie = cookieNamed(done, "authjs.session-token")!;
    expect(cookieNamed(done, "vitrine.2fa")).toBe("vitrine.2fa=");
    expect((await db.session.findFirstOrThrow({ where: { userId: user.id } })).method).toBe("password+passkey");
    expect((await me(cookie)).status).toBe(200);
    // The pending sign-in is spent: neither a code nor another passkey answer opens a second session.
    expect((await stepOptions(challenge)).status).toBe(401);
    await awayFromStepEdge();
    expect((await secondStep(challenge)).status).toBe(401);
  });

  const secondStep = (challenge: string) => secondStepCode(request("/api/login/2fa", { body: { code: "000000" }, headers: { cookie: challenge } }));

  it("records 'password+totp' for a code", async () => {
    const { user, cookie } = await signedInUser({ email: EMAIL });
    const { secret } = await turnOnTwoFactor(cookie);
    await db.session.deleteMany({ where: { userId: user.id } });
    const challenge = await pendingSignIn();
    await awayFromStepEdge();
    const res = await secondStepCode(request("/api/login/2fa", { body: { code: codeAt(secret) }, headers: { cookie: challenge } }));
    expect(res.status).toBe(200);
    expect((await db.session.findFirstOrThrow({ where: { userId: user.id } })).method).toBe("password+totp");
  });

  it("refuses another account's passkey, a login challenge, and answers 401 without the password step", async () => {
    const { credential: mine } = await twoFactorUserWithPasskey();
    const other = await userWithPasskey("bia@example.com");
    const challenge = await pendingSignIn();
    const opts = (await (await stepOptions(challenge)).json()) as RequestOptions;
    // Bia's passkey on Ana's pending sign-in.
    await expectRefused(await answer(challenge, getAssertion(opts, other.credential)));
    // A discoverable sign-in's challenge is not the second step's.
    await expectRefused(await answer(challenge, getAssertion(await options(), mine)));
    expect((await stepOptions()).status).toBe(401);
    expect((await answer(undefined, getAssertion(await options(), mine))).status).toBe(401);
    // Still pending: the right passkey on a fresh challenge passes.
    const again = (await (await stepOptions(challenge)).json()) as RequestOptions;
    expect((await answer(challenge, getAssertion(again, mine))).status).toBe(200);
  });

  it("an account without passkeys gets no second-step options", async () => {
    const { user, cookie } = await signedInUser({ email: EMAIL });
    await turnOnTwoFactor(cookie);
    await db.session.deleteMany({ where: { userId: user.id } });
    const challenge = await pendingSignIn();
    const res = await stepOptions(challenge);
    expect([res.status, (await res.json()).message]).toEqual([400, "Esta conta não tem passkey. Digite o código do aplicativo."]);
  });

  it("counts refused passkeys as tries of the pending sign-in: past 5, 429", async () => {
    const { credential } = await twoFactorUserWithPasskey();
    const challenge = await pendingSignIn();
    for (let i = 0; i < 5; i++) {
      const opts = (await (await stepOptions(challenge)).json()) as RequestOptions;
      await expectRefused(await answer(challenge, getAssertion(opts, credential, { origin: "https://evil.example" })));
    }
    const opts = (await (await stepOptions(challenge)).json()) as RequestOptions;
    expect((await answer(challenge, getAssertion(opts, credential))).status).toBe(429);
  });
});

describe("Google proving the address of an account", () => {
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await startFakeGoogle();
  });
  afterAll(async () => {
    await google.close();
  });

  it("takes the first registrant's passkeys away with their password and sessions; its session says 'google'", async () => {
    const { user, credential } = await userWithPasskey("maria.silva@gmail.com");
    process.env.GOOGLE_CLIENT_ID = GOOGLE_CLIENT_ID;
    process.env.GOOGLE_JWKS_URL = google.jwksUrl;
    resetEnvCache();
    try {
      const claims = { sub: "google-sub-9", email: "maria.silva@gmail.com", name: "Maria", picture: "https://lh3.googleusercontent.com/a/x" };
      const res = await googleSignIn(request("/api/auth/google", { body: { credential: await google.sign(claims) } }));
      expect(res.status).toBe(200);
      expect(await db.passkey.count({ where: { userId: user.id } })).toBe(0);
      expect((await db.session.findFirstOrThrow({ where: { userId: user.id } })).method).toBe("google");
      await expectRefused(await signIn(getAssertion(await options(), credential)));
    } finally {
      delete process.env.GOOGLE_CLIENT_ID;
      delete process.env.GOOGLE_JWKS_URL;
      resetEnvCache();
    }
  });
});
