import { POST as view } from "@/app/api/profiles/[username]/view/route";
import { POST as register } from "@/app/api/register/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { markHost } from "@/lib/server/host.mjs";
import { LIMITS } from "@/lib/server/rate-limit";
import { createUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";
import { PHONE_UA } from "@/tests/helpers/visitor";

// Whose address a limit counts (api.md, Trust and accuracy): behind N proxies
// that append to X-Forwarded-For (TRUST_PROXY=N), the entry N places from the
// right; whatever a client writes on the left neither lifts its own limit nor
// spends another address's. On Vercel, the platform's address and country
// with no setting. With no address at all, nothing is shared by every visitor.

// The first test also warms the database up (~30 s on PGlite here).
jest.setTimeout(120_000);

const DESKTOP_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const CLIENT = "192.0.2.10";
const VICTIM = "192.0.2.20";

function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

afterEach(() => {
  setEnv({ TRUST_PROXY: undefined, TRUST_PROXY_COUNTRY: undefined, VERCEL: undefined });
  markHost({ setsClientIp: true });
});

const viewOf = (headers: Record<string, string>, ip?: string) =>
  view(request("/api/profiles/ana/view", { method: "POST", ip, headers: { "user-agent": DESKTOP_UA, ...headers } }), params({ username: "ana" }));

const views = async () => (await db.dailyProfileStat.findFirst({ select: { views: true, visitors: true } })) ?? { views: 0, visitors: 0 };

const countries = async () =>
  Object.fromEntries((await db.dailyBreakdownStat.findMany({ where: { kind: "country" }, orderBy: { value: "asc" } })).map((r) => [r.value, r.views]));

describe.each([
  // [TRUST_PROXY, entries the proxies inside the outermost one append]
  ["1", []],
  ["2", ["10.0.0.2"]],
])("behind TRUST_PROXY=%s proxies that append to X-Forwarded-For", (hops, inner) => {
  /** X-Forwarded-For as the app receives it: what the client sent, then each proxy's entry. */
  const forwarded = (client: string, spoofed?: string) => ({ "x-forwarded-for": [spoofed, client, ...inner].filter(Boolean).join(", ") });

  beforeEach(async () => {
    await createUser({ username: "ana" });
    setEnv({ TRUST_PROXY: hops });
  });

  it("a spoofed leftmost entry neither lifts the count flood cap nor spends another address's", async () => {
    const cap = LIMITS.countsPerClient.limit;
    // The client spends its budget with a new spoofed entry each time, half of them the victim's address.
    for (let i = 0; i < cap; i++) {
      expect((await viewOf(forwarded(CLIENT, i % 2 ? VICTIM : `198.51.100.${i}`))).status).toBe(204);
    }
    const over = await viewOf(forwarded(CLIENT, "198.51.100.250"));
    expect(over.status).toBe(429);
    expect((await viewOf(forwarded(CLIENT, VICTIM))).status).toBe(429);
    // The victim's own budget is whole.
    for (let i = 0; i < cap; i++) expect((await viewOf(forwarded(VICTIM))).status).toBe(204);
    expect((await viewOf(forwarded(VICTIM))).status).toBe(429);
    expect((await views()).views).toBe(2 * cap);
    expect(await db.rateLimit.count({ where: { key: { startsWith: "count:ip:198.51.100." } } })).toBe(0);
  });

  it("a spoofed leftmost entry does not lift the sign-up limit of the address", async () => {
    const limit = LIMITS.signupsPerIp.limit;
    const signUp = (n: number, spoofed: string) =>
      register(
        request("/api/register", {
          headers: forwarded(CLIENT, spoofed),
          body: { name: "Ana Souza", username: `nova_${n}`, phone: "(11) 98765-4321", email: `nova_${n}@example.com`, password: "segredo1" },
        }),
      );
    for (let i = 0; i < limit; i++) expect((await signUp(i, `198.51.100.${i}`)).status).toBe(201);
    const refused = await signUp(limit, "198.51.100.200");
    expect(refused.status).toBe(429);
    expect(await db.page.count({ where: { username: { startsWith: "nova_" } } })).toBe(limit);
  });
});

describe("country", () => {
  beforeEach(async () => {
    await createUser({ username: "ana" });
  });

  it("on Vercel (VERCEL=1, no TRUST_PROXY) is read from x-vercel-ip-country, not from Cloudflare's header", async () => {
    setEnv({ VERCEL: "1", TRUST_PROXY: undefined });
    expect((await viewOf({ "x-real-ip": "192.0.2.1", "x-vercel-ip-country": "BR" })).status).toBe(204);
    expect((await viewOf({ "x-real-ip": "192.0.2.2", "x-vercel-ip-country": "pt", "cf-ipcountry": "US" })).status).toBe(204);
    expect(await countries()).toEqual({ BR: 1, PT: 1 });
  });

  it("behind Cloudflare (TRUST_PROXY_COUNTRY=cloudflare) is read from cf-ipcountry only: off Vercel a client can write x-vercel-ip-country", async () => {
    setEnv({ TRUST_PROXY: "1", TRUST_PROXY_COUNTRY: "cloudflare" });
    await viewOf({ "x-forwarded-for": "192.0.2.1", "cf-ipcountry": "pt" });
    await viewOf({ "x-forwarded-for": "192.0.2.2", "x-vercel-ip-country": "BR" });
    expect(await countries()).toEqual({ PT: 1, unknown: 1 });
  });

  it("behind another proxy (TRUST_PROXY alone) is unknown: a client can write cf-ipcountry itself", async () => {
    setEnv({ TRUST_PROXY: "1" });
    await viewOf({ "x-forwarded-for": "192.0.2.1", "cf-ipcountry": "pt" });
    await viewOf({ "x-forwarded-for": "192.0.2.2", "cf-ipcountry": "BR", "x-vercel-ip-country": "BR" });
    expect(await countries()).toEqual({ unknown: 2 });
  });

  it("is unknown with no proxy setting, off Vercel", async () => {
    await viewOf({ "x-vercel-ip-country": "BR", "cf-ipcountry": "pt" });
    expect(await countries()).toEqual({ unknown: 1 });
  });
});

describe("no address known (next start, no TRUST_PROXY)", () => {
  beforeEach(async () => {
    await createUser({ username: "ana" });
    markHost({ setsClientIp: false });
  });

  it("stores every count: visitors share no flood bucket", async () => {
    const n = LIMITS.countsPerClient.limit * 2;
    for (let i = 0; i < n; i++) expect((await viewOf({ "x-forwarded-for": `198.51.100.${i}` }, `203.0.113.${i}`)).status).toBe(204);
    expect((await views()).views).toBe(n);
    expect(await db.rateLimit.count()).toBe(0);
  });

  it("tells visitors apart by User-Agent and language", async () => {
    await viewOf({ "accept-language": "pt-BR" });
    await viewOf({ "accept-language": "pt-BR" });
    await viewOf({ "accept-language": "en-US" });
    await viewOf({ "accept-language": "pt-BR", "user-agent": PHONE_UA });
    expect(await views()).toEqual({ views: 4, visitors: 3 });
  });

  it("limits sign-ups per address no more (none is shared by everyone)", async () => {
    const limit = LIMITS.signupsPerIp.limit;
    for (let i = 0; i <= limit; i++) {
      const res = await register(
        request("/api/register", {
          headers: { "x-forwarded-for": "198.51.100.1" },
          body: { name: "Ana Souza", username: `nova_${i}`, phone: "(11) 98765-4321", email: `nova_${i}@example.com`, password: "segredo1" },
        }),
      );
      expect(res.status).toBe(201);
    }
    expect(await db.rateLimit.count({ where: { key: { startsWith: "signup:" } } })).toBe(0);
  });
});
