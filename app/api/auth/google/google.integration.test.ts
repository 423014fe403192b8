import { POST } from "./route";
import { POST as login } from "@/app/api/login/route";
import { GET as getUser } from "@/app/api/user/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { PASSWORD, cookieOf, signedInUser } from "@/tests/factories";
import { keyStatus, keyWithWebhook } from "@/tests/helpers/api-access";
import { GOOGLE_CLIENT_ID, startFakeGoogle, type FakeGoogle } from "@/tests/helpers/google";
import { request } from "@/tests/helpers/request";

let google: FakeGoogle;
const signIn = (body: unknown) => POST(request("/api/auth/google", { body }));
const me = (cookie: string) => getUser(request("/api/user", { headers: { cookie } }));

beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(async () => {
  await google.close();
});
beforeEach(() => {
  process.env.GOOGLE_CLIENT_ID = GOOGLE_CLIENT_ID;
  process.env.GOOGLE_JWKS_URL = google.jwksUrl;
  resetEnvCache();
});
afterEach(() => {
  delete process.env.GOOGLE_CLIENT_ID;
  delete process.env.GOOGLE_JWKS_URL;
  resetEnvCache();
});

const claims = { sub: "google-sub-1", email: "Maria.Silva@gmail.com", name: "Maria Silva", picture: "https://lh3.googleusercontent.com/a/x" };

describe("POST /api/auth/google", () => {
  it("creates the account on a first sign-in, with a free username from the e-mail", async () => {
    const res = await signIn({ credential: await google.sign(claims) });
    expect(res.status).toBe(200);
    const { user } = await res.json();
    expect(user).toMatchObject({ name: "Maria Silva", username: "mariasilva", email: "maria.silva@gmail.com", isAdmin: false });
    expect((await me(cookieOf(res))).status).toBe(200);
    const account = await db.account.findFirstOrThrow({ where: { provider: "google" } });
    expect(account.providerAccountId).toBe("google-sub-1");
  });

  it("signs the same Google account into the same user, keyed by sub", async () => {
    const first = await (await signIn({ credential: await google.sign(claims) })).json();
    const again = await (await signIn({ credential: await google.sign({ ...claims, email: "nova@gmail.com" }) })).json();
    expect(again.user.id).toBe(first.user.id);
    expect(await db.user.count()).toBe(1);
  });

  it("derives another username when the first is taken or reserved", async () => {
    await signedInUser({ username: "mariasilva", email: "outra@example.com" });
    const res = await signIn({ credential: await google.sign(claims) });
    expect((await res.json()).user.username).toBe("mariasilva2");
    const admin = await signIn({ credential: await google.sign({ sub: "s2", email: "admin@gmail.com" }) });
    expect((await admin.json()).user.username).toBe("admin2");
  });

  it("links to an account with the same e-mail and takes away the first registrant's access", async () => {
    const { user, cookie } = await signedInUser({ email: "maria.silva@gmail.com" });
    const res = await signIn({ credential: await google.sign(claims) });
    expect(res.status).toBe(200);
    expect((await res.json()).user.id).toBe(user.id);
    // The old session and the old password no longer work.
    expect((await me(cookie)).status).toBe(401);
    const pw = await login(request("/api/login", { body: { username: "maria.silva@gmail.com", password: PASSWORD } }));
    expect(pw.status).toBe(401);
    expect((await me(cookieOf(res))).status).toBe(200);
  });

  it("the takeover deletes the first registrant's API keys and turns off the webhooks they created", async () => {
    const { user } = await signedInUser({ email: "maria.silva@gmail.com" });
    const squatter = await keyWithWebhook(user);
    expect(await keyStatus(squatter.key)).toBe(200);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: squatter.webhookId } })).toMatchObject({ createdById: user.id, active: true });
    expect((await signIn({ credential: await google.sign(claims) })).status).toBe(200);
    expect(await keyStatus(squatter.key)).toBe(401);
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(0);
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: squatter.webhookId } })).active).toBe(false);
  });

  it.each([
    ["an expired token", async () => google.sign(claims, { expiresIn: Math.floor(Date.now() / 1000) - 60 })],
    ["another audience", async () => google.sign(claims, { audience: "someone-else.apps.googleusercontent.com" })],
    ["another issuer", async () => google.sign(claims, { issuer: "https://evil.example" })],
    ["a key Google does not publish", async () => google.sign(claims, { key: google.otherKey })],
    ["an unverified e-mail", async () => google.sign({ ...claims, email_verified: false })],
    ["a token that is not a JWT", async () => "not-a-token"],
  ])("refuses %s with 401", async (_label, make) => {
    const res = await signIn({ credential: await make() });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Erro ao fazer login com Google" });
    expect(await db.user.count()).toBe(0);
  });

  it("answers 400 when the credential is missing", async () => {
    for (const body of [{}, { credential: "" }, { credential: 42 }]) {
      const res = await signIn(body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("Credencial do Google ausente");
    }
  });

  it("answers 401 when Google sign-in is not configured", async () => {
    delete process.env.GOOGLE_CLIENT_ID;
    resetEnvCache();
    const res = await signIn({ credential: await google.sign(claims) });
    expect(res.status).toBe(401);
  });
});
