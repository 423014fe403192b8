import * as keys from "./route";
import * as keyById from "./[id]/route";
import * as pages from "../pages/route";
import * as members from "../pages/[id]/members/route";
import * as links from "../links/route";
import * as linkById from "../links/[id]/route";
import * as linkStats from "../links/[id]/stats/route";
import * as linksExport from "../links/export/route";
import * as reorder from "../links/reorder/route";
import * as stats from "../stats/route";
import * as statsExport from "../stats/export/route";
import * as subscribers from "../subscribers/route";
import * as subscribersExport from "../subscribers/export/route";
import * as orders from "../orders/route";
import * as ordersExport from "../orders/export/route";
import { resetEnvCache } from "@/lib/server/env";
import * as subscriberById from "../subscribers/[id]/route";
import * as userRoute from "../user/route";
import * as profile from "../user/profile/route";
import * as password from "../user/password/route";
import * as sessions from "../user/sessions/route";
import * as userExport from "../user/export/route";
import { API_SCOPES, type ApiScope } from "@/lib/permissions/api-scopes";
import { db } from "@/lib/server/db";
import { addMember, createPage, signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";

// Selling on: its routes (orders:read) answer 404 without it.
const SELLING = { MERCADOPAGO_CLIENT_ID: "teste", MERCADOPAGO_CLIENT_SECRET: "teste", MERCADOPAGO_WEBHOOK_SECRET: "teste" };
const savedSelling = Object.fromEntries(Object.keys(SELLING).map((name) => [name, process.env[name]]));
beforeAll(() => {
  Object.assign(process.env, SELLING);
  resetEnvCache();
});
afterAll(() => {
  for (const [name, value] of Object.entries(savedSelling)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
});

// API keys (api.md, "Public API and webhooks"): made by a session, used as
// `Authorization: Bearer vt_…` through the one route wrapper.

type Handler = (req: Request, ctx?: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Who = { cookie: string; user: { id: string; username: string } };

/** A key made by `who`'s session (their address verified first: POST /api/keys needs it). */
async function makeKey(who: Who, scopes: readonly string[], pages?: string[]) {
  await db.user.updateMany({ where: { id: who.user.id, emailVerified: null }, data: { emailVerified: new Date() } });
  const res = await keys.POST(request("/api/keys", { body: { name: "CRM", scopes, ...(pages ? { pages } : {}) }, headers: { cookie: who.cookie } }));
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; key: string; prefix: string; scopes: string[]; pages: string[] | null };
}

const bearer = (key: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${key}`, ...extra });

it("POST /api/keys shows the key once and keeps its hash; GET lists the keys without it", async () => {
  const ana = await signedInUser();
  const made = await makeKey(ana, ["links:read", "links:read", "stats:read"]);
  expect(made.key).toMatch(/^vt_[A-Za-z0-9_-]{43}$/);
  expect(made.prefix).toBe(made.key.slice(0, 11));
  expect(made.scopes).toEqual(["links:read", "stats:read"]);
  expect(made.pages).toBeNull();
  const row = await db.apiKey.findUniqueOrThrow({ where: { id: made.id } });
  expect(JSON.stringify(row)).not.toContain(made.key);
  const list = await (await keys.GET(request("/api/keys", { headers: { cookie: ana.cookie } }))).json();
  expect(list).toEqual([
    { id: made.id, name: "CRM", prefix: made.prefix, scopes: ["links:read", "stats:read"], pages: null, createdAt: expect.any(String), lastUsedAt: null },
  ]);
  expect(JSON.stringify(list)).not.toContain(made.key);

  const bad = await keys.POST(request("/api/keys", { body: { name: "x", scopes: ["links:delete"] }, headers: { cookie: ana.cookie } }));
  expect(bad.status).toBe(400);
  const noScope = await keys.POST(request("/api/keys", { body: { name: "x", scopes: [] }, headers: { cookie: ana.cookie } }));
  expect(noScope.status).toBe(400);
  // A page the account does not manage cannot be named.
  const other = await signedInUser();
  const foreign = await keys.POST(
    request("/api/keys", { body: { name: "x", scopes: ["links:read"], pages: [other.user.username] }, headers: { cookie: ana.cookie } }),
  );
  expect(foreign.status).toBe(400);
});

interface Row {
  name: string;
  handler: Handler;
  method: string;
  path: string;
  scope: ApiScope;
  body?: unknown;
  link?: boolean;
}

const ROWS: Row[] = [
  { name: "GET /api/pages", handler: pages.GET, method: "GET", path: "/pages", scope: "page:read" },
  { name: "PATCH /api/user", handler: userRoute.PATCH, method: "PATCH", path: "/user", scope: "page:write", body: { fontFamily: "serif" } },
  { name: "GET /api/links", handler: links.GET, method: "GET", path: "/links", scope: "links:read" },
  { name: "GET /api/links/{id}", handler: linkById.GET, method: "GET", path: "/links/LINK", scope: "links:read", link: true },
  { name: "GET /api/links/export", handler: linksExport.GET, method: "GET", path: "/links/export?format=json", scope: "links:read" },
  { name: "POST /api/links", handler: links.POST, method: "POST", path: "/links", scope: "links:write", body: { title: "Novo", url: "https://novo.example" } },
  { name: "PATCH /api/links/{id}", handler: linkById.PATCH, method: "PATCH", path: "/links/LINK", scope: "links:write", body: { active: false }, link: true },
  { name: "DELETE /api/links/{id}", handler: linkById.DELETE, method: "DELETE", path: "/links/LINK", scope: "links:write", link: true },
  { name: "POST /api/links/reorder", handler: reorder.POST, method: "POST", path: "/links/reorder", scope: "links:write", body: { linkOrders: [] } },
  { name: "GET /api/stats", handler: stats.GET, method: "GET", path: "/stats", scope: "stats:read" },
  { name: "GET /api/links/{id}/stats", handler: linkStats.GET, method: "GET", path: "/links/LINK/stats", scope: "stats:read", link: true },
  { name: "GET /api/stats/export", handler: statsExport.GET, method: "GET", path: "/stats/export", scope: "stats:read" },
  { name: "GET /api/subscribers", handler: subscribers.GET, method: "GET", path: "/subscribers", scope: "subscribers:read" },
  { name: "GET /api/subscribers/export", handler: subscribersExport.GET, method: "GET", path: "/subscribers/export", scope: "subscribers:read" },
  { name: "GET /api/orders", handler: orders.GET, method: "GET", path: "/orders", scope: "orders:read" },
  { name: "GET /api/orders/export", handler: ordersExport.GET, method: "GET", path: "/orders/export", scope: "orders:read" },
];

async function call(row: Row, key: string, page: { id: string; username: string }) {
  let path = `${row.path}${row.path.includes("?") ? "&" : "?"}page=${page.username}`;
  let routeParams: Record<string, string> = {};
  if (row.link) {
    const link = await db.link.create({
      data: { pageId: page.id, title: "Loja", url: "https://loja.example/", order: await db.link.count({ where: { pageId: page.id } }) },
    });
    path = path.replace("LINK", link.id);
    routeParams = { id: link.id };
  }
  return row.handler(request(`/api${path}`, { method: row.method, body: row.body, headers: bearer(key) }), params(routeParams));
}

it("every scope lets its routes through and no other scope does (403 'A chave não tem permissão para isso')", async () => {
  const ana = await signedInUser();
  const page = { id: ana.user.id, username: ana.user.username };
  const only = Object.fromEntries(await Promise.all(API_SCOPES.map(async (s) => [s, (await makeKey(ana, [s])).key] as const)));
  for (const row of ROWS) {
    const allowed = await call(row, only[row.scope]!, page);
    // Let through: the feature answered (a body it finds wrong for the page's state may still be its 400).
    expect([row.name, [401, 403, 404, 429].includes(allowed.status)]).toEqual([row.name, false]);
    expect(allowed.headers.get("ratelimit-limit")).toBe("120");
    const others = await makeKey(
      ana,
      API_SCOPES.filter((s) => s !== row.scope),
    );
    const refused = await call(row, others.key, page);
    expect([row.name, refused.status, (await refused.json()).message]).toEqual([row.name, 403, "A chave não tem permissão para isso"]);
    // An account holds 10 keys at most.
    await db.apiKey.delete({ where: { id: others.id } });
  }
});

it("account endpoints, keys and team endpoints refuse every key with 403; an unknown key gets 401", async () => {
  const ana = await signedInUser();
  const all = (await makeKey(ana, API_SCOPES)).key;
  const calls: [string, Promise<Response>][] = [
    ["GET /api/keys", keys.GET(request("/api/keys", { headers: bearer(all) }))],
    ["POST /api/keys", keys.POST(request("/api/keys", { body: { name: "x", scopes: ["links:read"] }, headers: bearer(all) }))],
    ["GET /api/user", userRoute.GET(request("/api/user", { headers: bearer(all) }))],
    ["DELETE /api/user", userRoute.DELETE(request("/api/user", { method: "DELETE", body: { confirm: ana.user.username }, headers: bearer(all) }))],
    ["PUT /api/user/profile", profile.PUT(request("/api/user/profile", { method: "PUT", body: { email: "x@example.com" }, headers: bearer(all) }))],
    ["PUT /api/user/password", password.PUT(request("/api/user/password", { method: "PUT", body: {}, headers: bearer(all) }))],
    ["GET /api/user/sessions", sessions.GET(request("/api/user/sessions", { headers: bearer(all) }))],
    ["GET /api/user/export", userExport.GET(request("/api/user/export", { headers: bearer(all) }))],
    ["GET /api/pages/{id}/members", members.GET(request(`/api/pages/${ana.user.id}/members`, { headers: bearer(all) }), params({ id: ana.user.id }))],
    ["DELETE /api/stats (reset)", stats.DELETE(request("/api/stats", { method: "DELETE", headers: bearer(all) }))],
  ];
  for (const [name, pending] of calls) {
    const res = await pending;
    expect([name, res.status, (await res.json()).message]).toEqual([name, 403, "A chave não tem permissão para isso"]);
  }
  const made = await makeKey(ana, ["links:read"]);
  const del = await keyById.DELETE(request(`/api/keys/${made.id}`, { method: "DELETE", headers: bearer(all) }), params({ id: made.id }));
  expect(del.status).toBe(403);
  expect(await db.apiKey.count({ where: { id: made.id } })).toBe(1);

  const unknown = await links.GET(request("/api/links", { headers: bearer(`vt_${"a".repeat(43)}`) }));
  expect(unknown.status).toBe(401);
});

it("a key restricted to pages reaches those only; GET /api/pages lists them; no ?page= is the first of them", async () => {
  const ana = await signedInUser();
  const shop = await createPage(ana.user.id, { username: "loja_ana" });
  await db.link.create({ data: { pageId: shop.id, title: "Da loja", url: "https://loja.example/", order: 0 } });
  const made = await makeKey(ana, ["links:read", "page:read"], ["loja_ana"]);
  expect(made.pages).toEqual(["loja_ana"]);
  const first = await links.GET(request(`/api/links?page=${ana.user.username}`, { headers: bearer(made.key) }));
  expect(first.status).toBe(404);
  const own = await links.GET(request("/api/links?page=loja_ana", { headers: bearer(made.key) }));
  expect((await own.json()).map((l: { title: string }) => l.title)).toEqual(["Da loja"]);
  const unnamed = await links.GET(request("/api/links", { headers: bearer(made.key) }));
  expect((await unnamed.json()).map((l: { title: string }) => l.title)).toEqual(["Da loja"]);
  const listed = await (await pages.GET(request("/api/pages", { headers: bearer(made.key) }))).json();
  expect(listed.map((p: { username: string }) => p.username)).toEqual(["loja_ana"]);
  // Deleting the page keeps the key restricted (it reaches nothing, not everything).
  await db.page.delete({ where: { id: shop.id } });
  expect((await links.GET(request(`/api/links?page=${ana.user.username}`, { headers: bearer(made.key) }))).status).toBe(404);
  expect(await (await pages.GET(request("/api/pages", { headers: bearer(made.key) }))).json()).toEqual([]);
});

it("a key acts with its account's role at the call: an editor's key gets 403 on an owner action, and loses the page once the editor is removed", async () => {
  const owner = await signedInUser();
  const editor = await signedInUser();
  await addMember(owner.user.id, editor.user.id, "editor");
  const made = await makeKey(editor, ["links:read", "links:write", "subscribers:read"]);
  const named = `?page=${owner.user.username}`;
  expect((await links.GET(request(`/api/links${named}`, { headers: bearer(made.key) }))).status).toBe(200);
  // The subscribers' export is the owner's: the scope allows it, the editor's role does not.
  const exported = await subscribersExport.GET(request(`/api/subscribers/export${named}`, { headers: bearer(made.key) }));
  expect([exported.status, (await exported.json()).message]).toEqual([403, "Sem permissão nesta página"]);
  const sub = await db.subscriber.create({ data: { pageId: owner.user.id, source: "Lista", email: "s@example.com", consentText: "Sim", consentVersion: "0" } });
  const delSub = await subscriberById.DELETE(
    request(`/api/subscribers/${sub.id}${named}`, { method: "DELETE", headers: bearer(made.key) }),
    params({ id: sub.id }),
  );
  expect(delSub.status).toBe(403);

  await db.pageMember.delete({ where: { pageId_userId: { pageId: owner.user.id, userId: editor.user.id } } });
  expect((await links.GET(request(`/api/links${named}`, { headers: bearer(made.key) }))).status).toBe(404);
  expect((await links.POST(request(`/api/links${named}`, { body: { title: "X", url: "https://x.example" }, headers: bearer(made.key) }))).status).toBe(404);
  expect(await db.link.count({ where: { pageId: owner.user.id } })).toBe(0);
});

it("a deleted key is refused at once, also where another instance deleted it (nothing is cached)", async () => {
  const ana = await signedInUser();
  const a = await makeKey(ana, ["links:read"]);
  const b = await makeKey(ana, ["links:read"]);
  expect((await links.GET(request("/api/links", { headers: bearer(a.key) }))).status).toBe(200);
  expect((await links.GET(request("/api/links", { headers: bearer(b.key) }))).status).toBe(200);
  const del = await keyById.DELETE(request(`/api/keys/${a.id}`, { method: "DELETE", headers: { cookie: ana.cookie } }), params({ id: a.id }));
  expect(del.status).toBe(200);
  expect((await links.GET(request("/api/links", { headers: bearer(a.key) }))).status).toBe(401);
  // Another instance's DELETE is a row gone from the shared database.
  await db.apiKey.deleteMany({ where: { id: b.id } });
  expect((await links.GET(request("/api/links", { headers: bearer(b.key) }))).status).toBe(401);
  // Another account's key id: 404.
  const other = await signedInUser();
  const c = await makeKey(other, ["links:read"]);
  expect((await keyById.DELETE(request(`/api/keys/${c.id}`, { method: "DELETE", headers: { cookie: ana.cookie } }), params({ id: c.id }))).status).toBe(404);
});

it("a keyed write needs no Origin (even a foreign one); a cookie write from another origin is still refused", async () => {
  const ana = await signedInUser();
  const made = await makeKey(ana, ["links:write"]);
  const foreign = { origin: "https://evil.example" };
  const keyed = await links.POST(request("/api/links", { body: { title: "Pela API", url: "https://api.example" }, headers: bearer(made.key, foreign) }));
  expect(keyed.status).toBe(201);
  const noOrigin = await links.POST(request("/api/links", { body: { title: "Sem origem", url: "https://api.example" }, headers: bearer(made.key) }));
  expect(noOrigin.status).toBe(201);
  const cookie = await links.POST(
    request("/api/links", { body: { title: "Cookie", url: "https://cookie.example" }, headers: { cookie: ana.cookie, ...foreign } }),
  );
  expect(cookie.status).toBe(403);
  expect((await db.link.findMany({ where: { pageId: ana.user.id }, orderBy: { order: "asc" } })).map((l) => l.title)).toEqual(["Pela API", "Sem origem"]);
});
