import { NextRequest } from "next/server";
import type { IncomingMessage } from "node:http";
import { proxy } from "@/proxy";
import { GET as page } from "@/app/[username]/route";
import { GET as follow } from "@/app/[username]/[linkId]/route";
import { GET as robots } from "@/app/sitemaps/page/[username]/robots.txt/route";
import { GET as sitemap } from "@/app/sitemaps/page/[username]/sitemap.xml/route";
import { GET as allowed } from "@/app/api/domains/allowed/route";
import { GET as currentUser } from "@/app/api/user/route";
import { POST as login } from "@/app/api/login/route";
import { POST as view } from "@/app/api/profiles/[username]/view/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { hostHook, provideHook } from "@/lib/server/host.mjs";
import { lookForChanges } from "@/lib/profile-cache/profile-cache";
import { testDatabase } from "@/tests/db";
import { createUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";
import { PHONE_UA } from "@/tests/helpers/visitor";
import { loadDomainHosts, onDomainChanged } from "./load-host-list";
import { removeDomainRow } from "./domain-mutations";
import { lookUpHost, registerCustomHosts } from "./host-list";

// A page on its own domain, under both runtimes: proxy.ts (next start, a
// serverless host) and server.mjs's hook (npm start) route the same way from
// the in-memory list of active domains; the page's canonical address is the
// domain's; the list follows removals at once here and within a look on
// every other instance.

const DOMAIN = "links.loja.test";
const saved = { ...process.env };
beforeAll(() => {
  process.env.CUSTOM_DOMAIN_TARGET = "cname.vitrine.test";
  process.env.NEXT_PUBLIC_APP_URL = "https://vitrine.test";
  resetEnvCache();
  registerCustomHosts();
});
afterAll(() => {
  process.env = saved;
  resetEnvCache();
});

async function pageWithDomain() {
  const user = await createUser({ username: "ana" });
  const link = await db.link.create({ data: { pageId: user.id, title: "Loja", url: "https://example.com/loja", order: 0 } });
  const row = await db.customDomain.create({ data: { pageId: user.id, domain: DOMAIN, token: "t", status: "active", verifiedAt: new Date() } });
  await loadDomainHosts();
  return { user, link, row };
}

/** The proxy's answer for a request on `host`. */
const viaProxy = (host: string, path: string, headers: Record<string, string> = {}) =>
  proxy(new NextRequest(`http://${host}${path}`, { headers: { host, ...headers } }));

/** server.mjs's hook: null and the request rewritten, or its own answer. */
function viaServer(host: string, path: string, headers: Record<string, string> = {}) {
  const req = { method: "GET", url: path, headers: { host, ...headers } } as unknown as IncomingMessage;
  const answer = hostHook("customHost")!(req);
  return { answer, url: req.url, cookie: req.headers.cookie };
}

describe("a request on an active custom domain", () => {
  it("gets the page at / and its own paths, 404 for the rest, and no session cookie, on both runtimes", async () => {
    await pageWithDomain();
    const rewriteOf = (res: Response) => {
      const to = res.headers.get("x-middleware-rewrite");
      return to ? new URL(to).pathname : null;
    };
    // next start / Vercel: proxy.ts. The page itself is answered there by the profile route's
    // fast path, which this process has (the route is loaded above, as next start loads it);
    // without it (proxy.ts apart from the routes, as on Vercel), rewritten to the page.
    for (const host of [DOMAIN, "LINKS.loja.test:443"]) {
      // The body plain whatever the browser accepts: Next drops a proxy answer's Content-Encoding and compresses it itself.
      const answered = await viaProxy(host, "/", { cookie: "authjs.session-token=abc", "accept-encoding": "gzip, deflate, br" });
      expect(answered.headers.get("content-encoding")).toBeNull();
      expect([answered.status, rewriteOf(answered), answered.headers.get("set-cookie")]).toEqual([200, null, null]);
      expect(await answered.text()).toContain(`<link rel="canonical" href="https://${DOMAIN}/"/>`);
    }
    const fastPath = hostHook("profileFastPath")!;
    provideHook("profileFastPath", undefined as unknown as typeof fastPath);
    try {
      expect(rewriteOf(await viaProxy(DOMAIN, "/"))).toBe("/ana");
    } finally {
      provideHook("profileFastPath", fastPath);
    }
    expect(rewriteOf(await viaProxy(DOMAIN, "/robots.txt"))).toBe("/sitemaps/page/ana/robots.txt");
    expect(rewriteOf(await viaProxy(DOMAIN, "/sitemap.xml"))).toBe("/sitemaps/page/ana/sitemap.xml");
    for (const path of ["/api/user", "/api/login", "/dashboard/add", "/api/profiles/bia/view", "/admin/users"]) {
      const res = await viaProxy(DOMAIN, path, { cookie: "authjs.session-token=abc" });
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    const passed = await viaProxy(DOMAIN, "/api/profiles/ana/view", { cookie: "authjs.session-token=abc; vitrine_c=1" });
    expect(passed.headers.get("x-middleware-next")).toBe("1");
    expect(passed.headers.get("x-middleware-request-cookie")).toBe("vitrine_c=1");
    expect(passed.headers.get("set-cookie")).toBeNull();
    // The app's own host is untouched.
    expect(rewriteOf(await viaProxy("vitrine.test", "/"))).toBeNull();
    expect((await viaProxy("vitrine.test", "/api/user")).headers.get("x-middleware-next")).toBe("1");

    // npm start: server.mjs's hook.
    expect(viaServer(DOMAIN, "/")).toEqual({ answer: null, url: "/ana", cookie: undefined });
    expect(viaServer(DOMAIN, "/cl1nk0000", { cookie: "authjs.session-token=abc" })).toEqual({ answer: null, url: "/ana/cl1nk0000", cookie: undefined });
    const refused = viaServer(DOMAIN, "/login/x");
    expect(refused.answer?.status).toBe(404);
    expect(refused.answer?.headers["set-cookie"]).toBeUndefined();
    expect(viaServer("vitrine.test", "/dashboard")).toEqual({ answer: null, url: "/dashboard", cookie: undefined });
  });

  it("answers 404 from every API route there but the page's counts and sign-ups, before reading anything", async () => {
    await pageWithDomain();
    const on = (path: string, init: Parameters<typeof request>[1] = {}) => {
      const r = request(path, init);
      const headers = new Headers(r.headers);
      headers.set("host", DOMAIN);
      return new Request(r.url, { method: r.method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    };
    const signIn = await login(on("/api/login", { body: { username: "ana@example.com", password: "x" } }));
    expect(signIn.status).toBe(404);
    expect(signIn.headers.get("set-cookie")).toBeNull();
    expect((await currentUser(on("/api/user"))).status).toBe(404);
    const counted = await view(on("/api/profiles/ana/view", { method: "POST", headers: { "user-agent": PHONE_UA } }), params({ username: "ana" }));
    expect(counted.status).toBe(204);
    // The app's own host: as before.
    expect((await currentUser(request("/api/user"))).status).toBe(401);
  });

  it("is the page's HTML with the domain as its canonical and Open Graph address, also at /{username}", async () => {
    await pageWithDomain();
    const res = await page(request("/ana"), params({ username: "ana" }));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<link rel="canonical" href="https://${DOMAIN}/"/>`);
    expect(html).toContain(`<meta property="og:url" content="https://${DOMAIN}/"/>`);
  });

  it("counts and redirects the page's short links there", async () => {
    const { link } = await pageWithDomain();
    const { url } = viaServer(DOMAIN, `/${link.id}`);
    const [, username, linkId] = url!.split("/");
    const res = await follow(request(url!, { headers: { "user-agent": PHONE_UA } }), params({ username: username!, linkId: linkId! }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://example.com/loja");
    expect(res.headers.get("set-cookie")).toBeNull();
    let clicks = 0;
    for (let i = 0; i < 50 && clicks === 0; i++) {
      clicks = (await db.link.findUniqueOrThrow({ where: { id: link.id } })).clicks;
      if (!clicks) await new Promise((r) => setTimeout(r, 20));
    }
    expect(clicks).toBe(1);
  });

  it("has its own robots.txt and sitemap, naming the domain alone", async () => {
    await pageWithDomain();
    const text = await (await robots(request("/sitemaps/page/ana/robots.txt"), params({ username: "ana" }))).text();
    expect(text).toContain(`Sitemap: https://${DOMAIN}/sitemap.xml`);
    const xml = await (await sitemap(request("/sitemaps/page/ana/sitemap.xml"), params({ username: "ana" }))).text();
    expect(xml).toContain(`<loc>https://${DOMAIN}/</loc>`);
    expect(xml.match(/<loc>/g)).toHaveLength(1);
    await createUser({ username: "bia" });
    expect((await robots(request("/sitemaps/page/bia/robots.txt"), params({ username: "bia" }))).status).toBe(404);
    expect((await sitemap(request("/sitemaps/page/bia/sitemap.xml"), params({ username: "bia" }))).status).toBe(404);
  });

  it("stops at once after removal: no rewrite, not allowed, the canonical back to /{username}", async () => {
    const { row } = await pageWithDomain();
    expect(lookUpHost(DOMAIN)?.username).toBe("ana");
    expect(await removeDomainRow(row.id)).toBe(true);
    expect(lookUpHost(DOMAIN)).toBeNull();
    const after = await viaProxy(DOMAIN, "/");
    expect([after.headers.get("x-middleware-rewrite"), after.headers.get("x-middleware-next")]).toEqual([null, "1"]);
    expect(viaServer(DOMAIN, "/")).toEqual({ answer: null, url: "/", cookie: undefined });
    expect((await allowed(request(`/api/domains/allowed?domain=${DOMAIN}`))).status).toBe(404);
    const html = await (await page(request("/ana"), params({ username: "ana" }))).text();
    expect(html).toContain(`<link rel="canonical" href="https://vitrine.test/ana"/>`);
  });
});

(testDatabase() === "postgres" ? describe : describe.skip)("another instance's change (PostgreSQL)", () => {
  it("reaches this instance's list at its next look", async () => {
    const { user, row } = await pageWithDomain();
    await lookForChanges();
    expect(lookUpHost(DOMAIN)).not.toBeNull();
    // As another instance removes it: the row, and its PageChange rows.
    await db.customDomain.delete({ where: { id: row.id } });
    await db.$executeRaw`INSERT INTO "PageChange" ("pageId") VALUES (${`domain:${user.id}`}), (${user.id})`;
    expect(lookUpHost(DOMAIN)).not.toBeNull();
    await lookForChanges();
    for (let i = 0; i < 50 && lookUpHost(DOMAIN); i++) await new Promise((r) => setTimeout(r, 10));
    expect(lookUpHost(DOMAIN)).toBeNull();
    // And one activated elsewhere appears.
    await db.customDomain.create({ data: { pageId: user.id, domain: "novo.loja.test", token: "t", status: "active" } });
    await db.$executeRaw`INSERT INTO "PageChange" ("pageId") VALUES (${`domain:${user.id}`})`;
    await lookForChanges();
    for (let i = 0; i < 50 && !lookUpHost("novo.loja.test"); i++) await new Promise((r) => setTimeout(r, 10));
    expect(lookUpHost("novo.loja.test")?.username).toBe("ana");
    await onDomainChanged(user.id, null);
  });
});
