/** @jest-environment node */
import { brotliDecompressSync } from "node:zlib";
import { GET as page, POST as continuar } from "./route";
import { GET as linkPage } from "./[linkId]/route";
import { GET as sitemapPart } from "@/app/sitemaps/[part]/route";
import { PATCH as patchUser } from "@/app/api/user/route";
import { GET as profileJson } from "@/app/api/profiles/[username]/route";
import { profileRenderers } from "@/components/profile/render-profile";
import { provideProfileFastPath } from "@/lib/profile/fast-path";
import { clearProfileCache } from "@/lib/profile-cache/profile-cache";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { hostHook, type HostAnswer } from "@/lib/server/host.mjs";
import { signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";

// api.md, Trust and accuracy (fourth release), sensitive content: before
// 'Continuar' a flagged page's HTML holds no link title and no link address
// (not only hidden by style); 'Continuar' is remembered for the visit (a
// session cookie: the same visitor sees the links at once, another one the
// warning); a flagged page is not in the sitemap. Both server paths (the
// route handler, server.mjs's fast path) answer the same, and no cache may
// hand one variant for the other.

const COOKIE = "vitrine_continuar";
const FAST_HEADERS = { host: "localhost:3000", "x-forwarded-host": "localhost:3000", "x-forwarded-proto": "http", "accept-encoding": "br" };

/** Every piece of the links that must not be in the warning: titles, addresses (and their hosts), ids. */
let secrets: string[] = [];

async function flaggedPage(username = "ana_flag", level = "adult") {
  const s = await signedInUser({ username, name: "Ana Flag" });
  await db.page.update({
    where: { id: s.user.id },
    data: { sensitive: level, bio: "Bio que também fica atrás do aviso", socials: { instagram: "perfil_zq_social" } },
  });
  const rows = [
    { kind: "header", title: "Seção qxz-titulo-secao", url: "" },
    { kind: "link", title: "Loja qxz-titulo-um", url: "https://qxz-host-um.example.org/caminho-qxz-um" },
    { kind: "link", title: "Canal qxz-titulo-dois", url: "https://qxz-host-dois.example.org/caminho-qxz-dois", thumbnailUrl: "/uploads/qxz-miniatura.webp" },
    { kind: "link", title: "Privado qxz-titulo-sensivel", url: "https://qxz-host-sensivel.example.org/x", sensitive: true },
    { kind: "embed", title: "Clipe qxz-titulo-video", url: "https://www.youtube.com/watch?v=qxzVideo01A" },
  ];
  const links = [];
  for (const [order, row] of rows.entries()) links.push(await db.link.create({ data: { pageId: s.user.id, order, ...row } }));
  secrets = [
    ...rows.flatMap((r) => [r.title, r.url, r.thumbnailUrl].filter((x): x is string => !!x)),
    ...rows.filter((r) => r.url).map((r) => new URL(r.url).host),
    "qxzVideo01A",
    "qxz",
    "perfil_zq_social",
    "Bio que também fica",
    ...links.map((l) => l.id),
  ];
  return { ...s, links };
}

const get = async (username: string, headers: Record<string, string> = {}) => {
  const res = await page(request(`/${username}`, { headers }), params({ username }));
  return { status: res.status, headers: Object.fromEntries(res.headers), html: await res.text() };
};

const post = (username: string, headers: Record<string, string> = {}) =>
  continuar(
    request(`/${username}`, { method: "POST", headers: { origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded", ...headers } }),
    params({ username }),
  );

const fast = (username: string, headers: Record<string, string> = {}) => hostHook("profileFastPath")!("GET", `/${username}`, { ...FAST_HEADERS, ...headers });

const decoded = (answer: HostAnswer) => {
  const body = answer.body as Buffer;
  return answer.headers["content-encoding"] === "br" ? brotliDecompressSync(body).toString() : body.toString();
};

const withoutEncoding = (headers: Record<string, string>) => {
  const { "content-encoding": _e, "content-length": _l, ...rest } = headers;
  return rest;
};

function expectNoLinks(html: string) {
  expect(secrets.length).toBeGreaterThan(10);
  for (const secret of secrets) expect([secret, html.includes(secret)]).toEqual([secret, false]);
  expect(html).not.toContain('data-link-id="');
  expect(html).not.toContain('class="vp-btn');
}

function expectLinks(html: string) {
  for (const title of ["Loja qxz-titulo-um", "Canal qxz-titulo-dois", "Privado qxz-titulo-sensivel", "Seção qxz-titulo-secao", "Clipe qxz-titulo-video"])
    expect(html).toContain(title);
  expect(html).toContain('href="https://qxz-host-um.example.org/caminho-qxz-um"');
  expect(html).not.toContain('class="vw"');
}

beforeAll(() => provideProfileFastPath(profileRenderers));

afterEach(() => {
  delete process.env.VERCEL;
  resetEnvCache();
  clearProfileCache();
});

describe("a flagged page before 'Continuar'", () => {
  it.each(["adult", "sensitive"])("%s: the warning alone; no link title, address or id anywhere in the HTML (head, JSON-LD included)", async (level) => {
    await flaggedPage("ana_flag", level);
    const { status, headers, html } = await get("ana_flag");
    expect(status).toBe(200);
    expect(html).toContain(level === "adult" ? "Conteúdo para maiores de 18 anos" : "Conteúdo sensível");
    expect(html).toContain('<form action="/ana_flag" method="post"><button class="vw-go" type="submit">Continuar</button></form>');
    expect(html).toContain('<a class="vw-back" href="http://localhost:3000/" data-back="">Voltar</a>');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('<body data-profile="ana_flag" data-flagged=""');
    expect(html.match(/<script>/g)).toHaveLength(1);
    expectNoLinks(html);
    // Cacheable by anyone (revalidated each view), but kept apart from the links' variant.
    expect(headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(headers.vary).toBe("Accept-Encoding, Cookie");
    expect(headers["content-security-policy"]).toContain("form-action 'self'");
  });

  it("a warm page in memory does not change that, nor another page's consent", async () => {
    await flaggedPage();
    await get("ana_flag", { cookie: `${COOKIE}=ana_flag` }); // the content variant now in memory
    expectNoLinks((await get("ana_flag")).html);
    expectNoLinks((await get("ana_flag", { cookie: `${COOKIE}=outra_pagina; other=1` })).html);
    expectNoLinks((await get("ana_flag", { cookie: `x${COOKIE}=ana_flag` })).html);
  });
});

describe("GET /api/profiles/{username} of a flagged page", () => {
  const api = async (username: string, query = "") => {
    const res = await profileJson(request(`/api/profiles/${username}${query}`), params({ username }));
    return { status: res.status, body: (await res.json()) as { user: { username: string; sensitive: string }; links: { id: string; title: string }[] } };
  };

  it.each(["adult", "sensitive"])("%s: the profile with `sensitive` and `links: []`; the links only with ?continuar=1", async (level) => {
    const { links } = await flaggedPage("ana_flag", level);
    const before = await api("ana_flag");
    expect(before.status).toBe(200);
    expect(before.body.user).toMatchObject({ username: "ana_flag", sensitive: level });
    expect(before.body.links).toEqual([]);
    for (const title of ["Loja qxz-titulo-um", "qxz-host-um.example.org", ...links.map((l) => l.id)]) expect(JSON.stringify(before.body)).not.toContain(title);
    // Any other value is no 'Continuar'.
    for (const query of ["?continuar=0", "?continuar=sim", "?continuar", "?Continuar=1"]) expect((await api("ana_flag", query)).body.links).toEqual([]);
    const after = await api("ana_flag", "?continuar=1");
    expect(after.status).toBe(200);
    expect(after.body.user.sensitive).toBe(level);
    expect(after.body.links.map((l) => l.title)).toEqual(links.map((l) => l.title));
  });

  it("an unflagged page answers its links with or without ?continuar=1", async () => {
    const { links } = await flaggedPage("ana_flag", "none");
    for (const query of ["", "?continuar=1"]) expect((await api("ana_flag", query)).body.links.map((l) => l.id)).toEqual(links.map((l) => l.id));
  });
});

describe("'Continuar'", () => {
  it("sets a session cookie for this page (HttpOnly, Lax, the page's path) and answers 303 back to the page", async () => {
    await flaggedPage();
    const res = await post("ana_flag");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/ana_flag");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("set-cookie")).toBe(`${COOKIE}=ana_flag; Path=/ana_flag; HttpOnly; SameSite=Lax`);
    expect(res.headers.get("set-cookie")).not.toMatch(/max-age|expires/i);
    // Secure once the app is known to be served over https (lib/server/security-headers.ts).
    process.env.NEXT_PUBLIC_APP_URL = "https://vitrine.example.com";
    resetEnvCache();
    try {
      const https = await post("ana_flag", { origin: "https://vitrine.example.com" });
      expect(https.status).toBe(303);
      expect(https.headers.get("set-cookie")).toBe(`${COOKIE}=ana_flag; Path=/ana_flag; HttpOnly; SameSite=Lax; Secure`);
    } finally {
      delete process.env.NEXT_PUBLIC_APP_URL;
      resetEnvCache();
    }
  });

  it("is refused from another site (no cookie), and for a name that is no page", async () => {
    const crossSite = await post("ana_flag", { origin: "https://outro.example.com" });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get("set-cookie")).toBeNull();
    const fetchSite = await post("ana_flag", { origin: "", "sec-fetch-site": "cross-site" });
    expect(fetchSite.status).toBe(403);
    expect((await post("login")).status).toBe(404);
    expect((await post("a-b")).status).toBe(404);
  });

  it("then the same visitor gets the links, privately, under another ETag; a visitor without the cookie the warning again", async () => {
    await flaggedPage();
    const before = await get("ana_flag");
    const cookie = (await post("ana_flag")).headers.get("set-cookie")!.split(";")[0]!;
    const after = await get("ana_flag", { cookie: `tema=escuro; ${cookie}` });
    expect(after.status).toBe(200);
    expectLinks(after.html);
    expect(after.html).toContain('<meta name="robots" content="noindex"/>');
    expect(after.headers["cache-control"]).toBe("private, max-age=0, must-revalidate");
    expect(after.headers.vary).toBe("Accept-Encoding, Cookie");
    expect(after.headers["vercel-cdn-cache-control"]).toBeUndefined();
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // Neither ETag revalidates the other variant.
    const crossed = await get("ana_flag", { cookie, "if-none-match": before.headers.etag! });
    expect(crossed.status).toBe(200);
    expectLinks(crossed.html);
    const back = await get("ana_flag", { "if-none-match": after.headers.etag! });
    expect(back.status).toBe(200);
    expectNoLinks(back.html);
    // Each variant still revalidates itself.
    expect((await get("ana_flag", { cookie, "if-none-match": after.headers.etag! })).status).toBe(304);
    expect((await get("ana_flag", { "if-none-match": before.headers.etag! })).status).toBe(304);
  });
});

describe("the fast path (server.mjs) answers both variants as the route handler does", () => {
  it("cold and warm, with and without the cookie", async () => {
    await flaggedPage();
    for (const headers of [{}, { cookie: `${COOKIE}=ana_flag` }] as Record<string, string>[]) {
      const cold = fast("ana_flag", headers);
      const answer = (await cold)!;
      const route = await get("ana_flag", headers);
      expect(answer.status).toBe(200);
      expect(decoded(answer)).toBe(route.html);
      expect(withoutEncoding(answer.headers)).toEqual(withoutEncoding(route.headers));
    }
    // Both in memory now: answered at once, each its own.
    const warning = fast("ana_flag") as HostAnswer;
    const content = fast("ana_flag", { cookie: `${COOKIE}=ana_flag` }) as HostAnswer;
    expect(warning).not.toBeInstanceOf(Promise);
    expect(content).not.toBeInstanceOf(Promise);
    expectNoLinks(decoded(warning));
    expect(warning.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expectLinks(decoded(content));
    expect(content.headers["cache-control"]).toBe("private, max-age=0, must-revalidate");
    expect(content.headers.vary).toBe("Accept-Encoding, Cookie");
    expect(content.headers.etag).not.toBe(warning.headers.etag);
    expect((fast("ana_flag", { "if-none-match": content.headers.etag! }) as HostAnswer).status).toBe(200);
    expect(await hostHook("profileFastPath")!("POST", "/ana_flag", FAST_HEADERS)).toBeNull();
  });
});

describe("caches", () => {
  it("on Vercel neither variant of a flagged page goes to the CDN; an unflagged page still does, one variant whatever the cookie", async () => {
    await flaggedPage();
    const { user } = await signedInUser({ username: "bia_livre" });
    await db.link.create({ data: { pageId: user.id, title: "Livre", url: "https://livre.example.com/", order: 0 } });
    process.env.VERCEL = "1";
    resetEnvCache();
    for (const headers of [{}, { cookie: `${COOKIE}=ana_flag` }] as Record<string, string>[]) {
      const res = await get("ana_flag", headers);
      expect(res.headers["vercel-cdn-cache-control"]).toBeUndefined();
      expect(res.headers["vercel-cache-tag"]).toBeUndefined();
      expect(res.headers.vary).toBe("Accept-Encoding, Cookie");
    }
    const plain = await get("bia_livre");
    const withCookie = await get("bia_livre", { cookie: `${COOKIE}=bia_livre` });
    expect(plain.headers["vercel-cdn-cache-control"]).toBe("max-age=3600");
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(plain.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(withCookie.headers.etag).toBe(plain.headers.etag);
    expect(withCookie.html).toBe(plain.html);
  });
});

describe("a flagged page's short links", () => {
  it("warn a visitor without the page's consent (no Location, no address); with it, or through the warning's 'Continuar', redirect", async () => {
    const { links } = await flaggedPage();
    const link = links[1]!;
    const go = (query = "", cookie?: string) =>
      linkPage(request(`/ana_flag/${link.id}${query}`, { headers: cookie ? { cookie } : {} }), params({ username: "ana_flag", linkId: link.id }));
    const warned = await go();
    expect(warned.status).toBe(200);
    expect(warned.headers.get("location")).toBeNull();
    expect(warned.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    const text = await warned.text();
    expect(text).toContain("Conteúdo para maiores de 18 anos");
    expect(text).toContain(`href="http://localhost:3000/ana_flag/${link.id}?continuar=1">Continuar</a>`);
    for (const secret of secrets.filter((s) => s !== link.id)) expect([secret, text.includes(secret)]).toEqual([secret, false]);
    const confirmed = await go("?continuar=1");
    expect([confirmed.status, confirmed.headers.get("location")]).toEqual([302, "https://qxz-host-um.example.org/caminho-qxz-um"]);
    const consented = await go("", `${COOKIE}=ana_flag`);
    expect([consented.status, consented.headers.get("location")]).toEqual([302, "https://qxz-host-um.example.org/caminho-qxz-um"]);
    // A link flagged itself still warns after the page's consent.
    const own = links[3]!;
    const ownWarning = await linkPage(
      request(`/ana_flag/${own.id}`, { headers: { cookie: `${COOKIE}=ana_flag` } }),
      params({ username: "ana_flag", linkId: own.id }),
    );
    expect(ownWarning.status).toBe(200);
    expect(await ownWarning.text()).toContain(`/ana_flag/${own.id}?continuar=1`);
  });
});

describe("the sitemap", () => {
  const fetchPart = (headers: Record<string, string> = {}) => sitemapPart(request("/sitemaps/1.xml", { headers }), params({ part: "1.xml" }));
  const listed = async () => [...(await (await fetchPart()).text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

  it("is revalidated on every fetch: a copy that listed a page is not served once the page is flagged", async () => {
    const { cookie } = await signedInUser({ username: "eva_mapa" });
    const before = await fetchPart();
    expect(before.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const etag = before.headers.get("etag")!;
    expect((await fetchPart({ "if-none-match": etag })).status).toBe(304);
    await patchUser(request("/api/user", { method: "PATCH", body: { sensitive: "adult" }, headers: { cookie } }));
    const after = await fetchPart({ "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(await after.text()).not.toContain("/eva_mapa<");
  });

  it("leaves a page out from the moment it is flagged, and lists it again once unflagged; noindex follows the same flag", async () => {
    const { cookie } = await signedInUser({ username: "caio_mapa" });
    await signedInUser({ username: "dora_mapa" });
    expect(await listed()).toEqual(["http://localhost:3000/caio_mapa", "http://localhost:3000/dora_mapa"]);
    for (const level of ["adult", "sensitive"]) {
      expect((await patchUser(request("/api/user", { method: "PATCH", body: { sensitive: level }, headers: { cookie } }))).status).toBe(200);
      expect(await listed()).toEqual(["http://localhost:3000/dora_mapa"]);
      expect((await get("caio_mapa")).html).toContain('<meta name="robots" content="noindex"/>');
    }
    await patchUser(request("/api/user", { method: "PATCH", body: { sensitive: "none" }, headers: { cookie } }));
    expect(await listed()).toEqual(["http://localhost:3000/caio_mapa", "http://localhost:3000/dora_mapa"]);
    expect((await get("caio_mapa")).html).not.toContain('name="robots"');
  });
});
