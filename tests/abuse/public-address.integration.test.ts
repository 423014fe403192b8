/** @jest-environment node */
import { GET as page } from "@/app/[username]/route";
import { GET as linkPage } from "@/app/[username]/[linkId]/route";
import { POST as loginOptions } from "@/app/api/login/passkey/options/route";
import { POST as addPasskey } from "@/app/api/passkeys/route";
import { POST as creationOptions } from "@/app/api/passkeys/options/route";
import { GET as robots } from "@/app/robots.txt/route";
import { GET as sitemapIndex } from "@/app/sitemap.xml/route";
import { GET as sitemapPart } from "@/app/sitemaps/[part]/route";
import { profileRenderers } from "@/components/profile/render-profile";
import { appLink } from "@/lib/email/mail-config";
import { provideProfileFastPath } from "@/lib/profile/fast-path";
import { clearProfileCache } from "@/lib/profile-cache/profile-cache";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { hostHook, type HostAnswer } from "@/lib/server/host.mjs";
import { signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";
import { createCredential } from "@/tests/helpers/webauthn";

// Addresses never come from a request header (api.md, Fourth release put
// right): with no NEXT_PUBLIC_APP_URL, behind a proxy the app is told to trust
// (TRUST_PROXY=1, so X-Forwarded-* would once have been read), a request whose
// Host and X-Forwarded-Host name another site changes neither the passkeys'
// relying party nor any address the app writes: the page's canonical and
// Open Graph addresses, its short links' warning, robots.txt, the sitemap,
// e-mail links, the server's fast path. On Vercel the production address.

jest.setTimeout(120_000);

const FOREIGN = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

const saved = { NEXT_PUBLIC_APP_URL: process.env.NEXT_PUBLIC_APP_URL };

beforeAll(() => provideProfileFastPath(profileRenderers));
beforeEach(() => setEnv({ NEXT_PUBLIC_APP_URL: undefined, TRUST_PROXY: "1" }));
afterEach(() => {
  setEnv({ ...saved, TRUST_PROXY: undefined, VERCEL: undefined, VERCEL_PROJECT_PRODUCTION_URL: undefined });
  clearProfileCache();
});

async function passkeyRelyingParty(headers: Record<string, string>) {
  const { cookie } = await signedInUser({ username: "ana" });
  const res = await creationOptions(request("/api/passkeys/options", { body: {}, headers: { cookie, ...headers } }));
  expect(res.status).toBe(200);
  const opts = (await res.json()) as { challenge: string; rp: { id: string }; user: { id: string } };
  const login = (await (await loginOptions(request("/api/login/passkey/options", { body: {}, headers }))).json()) as { rpId: string };
  return { cookie, opts, loginRpId: login.rpId };
}

/** Every address the app writes for a page, through the route handlers and the fast path, as text. */
async function addresses(headers: Record<string, string>) {
  const link = await db.link.findFirstOrThrow({ where: { page: { username: "ana" } } });
  const texts = [
    await (await page(request("/ana", { headers }), params({ username: "ana" }))).text(),
    await (await linkPage(request(`/ana/${link.id}`, { headers }), params({ username: "ana", linkId: link.id }))).text(),
    await (await robots(request("/robots.txt", { headers }), params({}))).text(),
    await (await sitemapIndex(request("/sitemap.xml", { headers }), params({}))).text(),
    await (await sitemapPart(request("/sitemaps/0.xml", { headers }), params({ part: "0.xml" }))).text(),
    appLink("/inscricao/confirmar"),
  ];
  clearProfileCache();
  const cold = (await hostHook("profileFastPath")!("GET", "/ana", { ...headers, "accept-encoding": "identity" })) as HostAnswer;
  texts.push((cold.body as Buffer).toString());
  return texts;
}

describe("without NEXT_PUBLIC_APP_URL, a foreign Host and X-Forwarded-Host", () => {
  it("leave the passkeys' relying party as it is: a ceremony for the foreign site is refused, one for the app's own address works", async () => {
    const { cookie, opts, loginRpId } = await passkeyRelyingParty(FOREIGN);
    expect(opts.rp.id).toBe("localhost");
    expect(loginRpId).toBe("localhost");
    const forged = createCredential(opts, { origin: "https://evil.example", rpID: "evil.example" });
    expect((await addPasskey(request("/api/passkeys", { body: { response: forged.response, name: "A" }, headers: { cookie, ...FOREIGN } }))).status).toBe(400);
    const own = createCredential(
      (await (await creationOptions(request("/api/passkeys/options", { body: {}, headers: { cookie, ...FOREIGN } }))).json()) as typeof opts,
    );
    expect((await addPasskey(request("/api/passkeys", { body: { response: own.response, name: "A" }, headers: { cookie, ...FOREIGN } }))).status).toBe(201);
  });

  it("leave every address the app writes unchanged (http://localhost:PORT)", async () => {
    const { user } = await signedInUser({ username: "ana" });
    // A sensitive link: its short link answers a warning page, with addresses of its own.
    await db.link.create({ data: { pageId: user.id, order: 0, title: "Loja", url: "https://loja.example.org/", sensitive: true } });
    const plain = await addresses({});
    const foreign = await addresses(FOREIGN);
    for (const text of foreign) expect(text).not.toContain("evil.example");
    expect(foreign[0]).toContain('<link rel="canonical" href="http://localhost:3000/ana"/>');
    expect(foreign[2]).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(foreign[5]).toBe("http://localhost:3000/inscricao/confirmar");
    expect(foreign[6]).toContain('<link rel="canonical" href="http://localhost:3000/ana"/>');
    // The same bytes as a request that named no host at all.
    expect(foreign).toEqual(plain);
  });
});

describe("on Vercel without NEXT_PUBLIC_APP_URL", () => {
  it("the relying party and the addresses are the project's production address over https, whatever the Host", async () => {
    setEnv({ VERCEL: "1", VERCEL_PROJECT_PRODUCTION_URL: "minha-vitrine.vercel.app", TRUST_PROXY: undefined });
    const { opts, loginRpId } = await passkeyRelyingParty({ ...FOREIGN, "x-real-ip": "192.0.2.1" });
    expect(opts.rp.id).toBe("minha-vitrine.vercel.app");
    expect(loginRpId).toBe("minha-vitrine.vercel.app");
    const html = await (await page(request("/ana", { headers: { ...FOREIGN, "x-real-ip": "192.0.2.1" } }), params({ username: "ana" }))).text();
    expect(html).toContain('<link rel="canonical" href="https://minha-vitrine.vercel.app/ana"/>');
    expect(html).not.toContain("evil.example");
  });
});
