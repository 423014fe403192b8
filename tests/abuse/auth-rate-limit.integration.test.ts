import { POST as google } from "@/app/api/auth/google/route";
import { POST as login } from "@/app/api/login/route";
import { POST as register } from "@/app/api/register/route";
import { PUT as changePassword } from "@/app/api/user/password/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { PASSWORD, createUser, signedInUser } from "@/tests/factories";
import { GOOGLE_CLIENT_ID, startFakeGoogle, type FakeGoogle } from "@/tests/helpers/google";
import { request } from "@/tests/helpers/request";

// Every way into an account spends one budget of failures per address
// (lib/accounts/auth-budget.ts): moving from one path to another buys no
// extra guesses.

const IP = "198.51.100.77";
let fake: FakeGoogle;

beforeAll(async () => {
  fake = await startFakeGoogle();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  process.env.GOOGLE_CLIENT_ID = GOOGLE_CLIENT_ID;
  process.env.GOOGLE_JWKS_URL = fake.jwksUrl;
  resetEnvCache();
});
afterEach(() => {
  delete process.env.GOOGLE_CLIENT_ID;
  delete process.env.GOOGLE_JWKS_URL;
  resetEnvCache();
});

const newAccount = (n: string) => ({
  name: "Ana Souza",
  username: `nova_${n}`,
  phone: "(11) 98765-4321",
  email: `nova_${n}@example.com`,
  password: "segredo1",
});

/** Each path, once with a failure and once with what would succeed. */
async function paths() {
  await createUser({ email: "dona@example.com", username: "dona" });
  const caller = await signedInUser({ email: "caller@example.com" });
  const newPassword = { newPassword: "nova-senha-1", confirmPassword: "nova-senha-1" };
  const pwd = (currentPassword: string) =>
    changePassword(request("/api/user/password", { method: "PUT", ip: IP, body: { currentPassword, ...newPassword }, headers: { cookie: caller.cookie } }));
  return {
    login: {
      fail: () => login(request("/api/login", { ip: IP, body: { username: "dona@example.com", password: "errada123" } })),
      succeed: () => login(request("/api/login", { ip: IP, body: { username: "dona@example.com", password: PASSWORD } })),
      failStatus: 401,
    },
    google: {
      fail: async () =>
        google(request("/api/auth/google", { ip: IP, body: { credential: await fake.sign({ sub: "s", email: "g@gmail.com" }, { key: fake.otherKey }) } })),
      succeed: async () => google(request("/api/auth/google", { ip: IP, body: { credential: await fake.sign({ sub: "s", email: "g@gmail.com" }) } })),
      failStatus: 401,
    },
    register: {
      fail: () => register(request("/api/register", { ip: IP, body: { ...newAccount("x"), email: "dona@example.com" } })),
      succeed: () => register(request("/api/register", { ip: IP, body: newAccount("y") })),
      failStatus: 409,
    },
    password: { fail: () => pwd("errada-000"), succeed: () => pwd(PASSWORD), failStatus: 400 },
  };
}

type PathName = "login" | "google" | "register" | "password";

describe("one failure budget per address for every way in", () => {
  it.each<PathName>(["login", "google", "register", "password"])("a failure on %s spends it, and once spent every path answers 429", async (name) => {
    const all = await paths();
    await db.rateLimit.create({ data: { key: `signin-fail:ip:${IP}`, count: 99, resetAt: new Date(Date.now() + 10 * 60_000) } });
    expect((await all[name].fail()).status).toBe(all[name].failStatus);
    const row = await db.rateLimit.findUniqueOrThrow({ where: { key: `signin-fail:ip:${IP}` } });
    expect(row.count).toBe(100);
    for (const path of Object.values(all)) {
      const res = await path.succeed();
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // Nothing happened behind the 429s.
    expect(await db.user.count({ where: { email: { in: ["nova_y@example.com", "g@gmail.com"] } } })).toBe(0);
  });

  it("leaves other addresses alone", async () => {
    const all = await paths();
    await db.rateLimit.create({ data: { key: `signin-fail:ip:${IP}`, count: 100, resetAt: new Date(Date.now() + 10 * 60_000) } });
    const elsewhere = await login(request("/api/login", { ip: "198.51.100.78", body: { username: "dona@example.com", password: PASSWORD } }));
    expect(elsewhere.status).toBe(200);
    expect((await all.login.succeed()).status).toBe(429);
  });
});
