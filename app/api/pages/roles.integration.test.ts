import * as appeal from "../user/appeal/route";
import * as avatar from "../user/avatar/route";
import * as cover from "../user/cover/route";
import * as coverRemove from "../user/cover/remove/route";
import * as profile from "../user/profile/route";
import * as userRoute from "../user/route";
import * as linkById from "../links/[id]/route";
import * as linkPix from "../links/[id]/pix/route";
import * as linkStats from "../links/[id]/stats/route";
import * as linkThumbnail from "../links/[id]/thumbnail/route";
import * as linksExport from "../links/export/route";
import * as linksImport from "../links/import/route";
import * as reorder from "../links/reorder/route";
import * as links from "../links/route";
import * as statsExport from "../stats/export/route";
import * as stats from "../stats/route";
import * as subscribers from "../subscribers/route";
import * as subscribersExport from "../subscribers/export/route";
import * as subscriberById from "../subscribers/[id]/route";
import * as members from "./[id]/members/route";
import * as member from "./[id]/members/[userId]/route";
import * as invitation from "./[id]/invitations/[invitationId]/route";
import * as pageById from "./[id]/route";
import { db } from "@/lib/server/db";
import { addMember, createPage, signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";

// Every owner endpoint × every role (api.md, "Pages and teams"): an owner is
// let through, an editor is let through or refused with 403 'Sem permissão
// nesta página' as the contract says, and a person who does not manage the
// page gets 404, as for another person's link. "Let through" means the
// request reached the feature: not 401, 403 or 404 (a body the test sends
// empty may still be refused, 400, by the feature's schema).

type Handler = (req: Request, ctx?: { params: Promise<Record<string, string>> }) => Promise<Response>;
interface Row {
  name: string;
  handler: Handler;
  method: string;
  /** The path after /api, before ?page= (LINK: a link of the page). */
  path: string;
  need: "editor" | "owner";
  body?: unknown;
  /** Route params: LINK → the page's link, PAGE → the page's id, ME → the caller's id. */
  params?: Record<string, "LINK" | "PAGE" | "ME" | "INVITE" | "SUBSCRIBER">;
  /** LINK is a Pix block. */
  pix?: boolean;
}

const ROWS: Row[] = [
  { name: "GET /api/links", handler: links.GET, method: "GET", path: "/links", need: "editor" },
  { name: "POST /api/links", handler: links.POST, method: "POST", path: "/links", need: "editor", body: { title: "Novo", url: "https://novo.example" } },
  { name: "PUT /api/links", handler: links.PUT, method: "PUT", path: "/links", need: "editor", body: [] },
  { name: "POST /api/links/reorder", handler: reorder.POST, method: "POST", path: "/links/reorder", need: "editor", body: { linkOrders: [] } },
  { name: "GET /api/links/{id}", handler: linkById.GET, method: "GET", path: "/links/LINK", need: "editor", params: { id: "LINK" } },
  {
    name: "PATCH /api/links/{id}",
    handler: linkById.PATCH,
    method: "PATCH",
    path: "/links/LINK",
    need: "editor",
    body: { active: false },
    params: { id: "LINK" },
  },
  {
    name: "PUT /api/links/{id}",
    handler: linkById.PUT,
    method: "PUT",
    path: "/links/LINK",
    need: "editor",
    body: { title: "Editado", url: "https://editado.example" },
    params: { id: "LINK" },
  },
  { name: "DELETE /api/links/{id}", handler: linkById.DELETE, method: "DELETE", path: "/links/LINK", need: "editor", params: { id: "LINK" } },
  { name: "GET /api/links/{id}/stats", handler: linkStats.GET, method: "GET", path: "/links/LINK/stats", need: "editor", params: { id: "LINK" } },
  { name: "GET /api/links/{id}/pix", handler: linkPix.GET, method: "GET", path: "/links/LINK/pix", need: "editor", params: { id: "LINK" }, pix: true },
  {
    name: "POST /api/links/{id}/thumbnail",
    handler: linkThumbnail.POST,
    method: "POST",
    path: "/links/LINK/thumbnail",
    need: "editor",
    body: {},
    params: { id: "LINK" },
  },
  {
    name: "DELETE /api/links/{id}/thumbnail",
    handler: linkThumbnail.DELETE,
    method: "DELETE",
    path: "/links/LINK/thumbnail",
    need: "editor",
    params: { id: "LINK" },
  },
  { name: "GET /api/links/export", handler: linksExport.GET, method: "GET", path: "/links/export?format=json", need: "editor" },
  { name: "POST /api/links/import", handler: linksImport.POST, method: "POST", path: "/links/import", need: "editor", body: {} },
  { name: "GET /api/stats", handler: stats.GET, method: "GET", path: "/stats", need: "editor" },
  { name: "GET /api/stats/export", handler: statsExport.GET, method: "GET", path: "/stats/export", need: "editor" },
  { name: "DELETE /api/stats", handler: stats.DELETE, method: "DELETE", path: "/stats", need: "owner" },
  { name: "GET /api/subscribers", handler: subscribers.GET, method: "GET", path: "/subscribers", need: "editor" },
  { name: "GET /api/subscribers/export", handler: subscribersExport.GET, method: "GET", path: "/subscribers/export", need: "owner" },
  {
    name: "DELETE /api/subscribers/{id}",
    handler: subscriberById.DELETE,
    method: "DELETE",
    path: "/subscribers/SUBSCRIBER",
    need: "owner",
    params: { id: "SUBSCRIBER" },
  },
  { name: "PATCH /api/user (appearance)", handler: userRoute.PATCH, method: "PATCH", path: "/user", need: "editor", body: { fontFamily: "serif" } },
  { name: "PATCH /api/user (search settings)", handler: userRoute.PATCH, method: "PATCH", path: "/user", need: "owner", body: { indexable: false } },
  { name: "PUT /api/user/profile", handler: profile.PUT, method: "PUT", path: "/user/profile", need: "editor", body: {} },
  { name: "POST /api/user/avatar", handler: avatar.POST, method: "POST", path: "/user/avatar", need: "editor", body: {} },
  { name: "POST /api/user/cover", handler: cover.POST, method: "POST", path: "/user/cover", need: "editor", body: {} },
  { name: "POST /api/user/cover/remove", handler: coverRemove.POST, method: "POST", path: "/user/cover/remove", need: "editor", body: {} },
  { name: "GET /api/user/appeal", handler: appeal.GET, method: "GET", path: "/user/appeal", need: "editor" },
  {
    name: "POST /api/user/appeal",
    handler: appeal.POST,
    method: "POST",
    path: "/user/appeal",
    need: "owner",
    body: { message: "Por favor, revejam a desativação da página." },
  },
  // The team's own endpoints name the page by its id in the path.
  { name: "GET /api/pages/{id}/members", handler: members.GET, method: "GET", path: "/pages/PAGE/members", need: "owner", params: { id: "PAGE" } },
  {
    name: "POST /api/pages/{id}/members",
    handler: members.POST,
    method: "POST",
    path: "/pages/PAGE/members",
    need: "owner",
    body: { email: "nova@example.com", role: "editor" },
    params: { id: "PAGE" },
  },
  {
    name: "PATCH /api/pages/{id}/members/{userId}",
    handler: member.PATCH,
    method: "PATCH",
    path: "/pages/PAGE/members/ME",
    need: "owner",
    body: { role: "editor" },
    params: { id: "PAGE", userId: "ME" },
  },
  {
    name: "DELETE /api/pages/{id}/invitations/{id}",
    handler: invitation.DELETE,
    method: "DELETE",
    path: "/pages/PAGE/invitations/INVITE",
    need: "owner",
    params: { id: "PAGE", invitationId: "INVITE" },
  },
  {
    name: "DELETE /api/pages/{id}",
    handler: pageById.DELETE,
    method: "DELETE",
    path: "/pages/PAGE",
    need: "owner",
    body: { confirm: "loja_matriz" },
    params: { id: "PAGE" },
  },
];

const DENIED = [401, 403, 404];

/** A page with an owner (who has another page, so this one may be deleted), an editor, a link, an invitation, and a stranger. */
async function team() {
  const owner = await signedInUser({ password: null });
  const page = await createPage(owner.user.id, { username: "loja_matriz" });
  const editor = await signedInUser({ password: null });
  await addMember(page.id, editor.user.id, "editor");
  const stranger = await signedInUser({ password: null });
  // A deactivated page: its appeal can be sent.
  await db.page.update({ where: { id: page.id }, data: { active: false, deactivatedAt: new Date(), deactivationReason: "spam" } });
  const link = await db.link.create({ data: { pageId: page.id, title: "Loja", url: "https://loja.example/", order: 0 } });
  const invite = await db.pageInvitation.create({
    data: {
      pageId: page.id,
      email: "convite@example.com",
      role: "editor",
      tokenHash: `h${Date.now()}${Math.random()}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  return { owner, editor, stranger, page, link, invite };
}

async function call(row: Row, who: { cookie: string; user: { id: string } }, t: Awaited<ReturnType<typeof team>>): Promise<Response> {
  // A link of its own for each call: one person's DELETE leaves the next one a link to act on.
  if (row.path.includes("LINK")) {
    const order = await db.link.count({ where: { pageId: t.page.id } });
    const pix = { key: "ana@example.com", name: "Ana Souza", city: "Sao Paulo", amount: null, message: null };
    t.link = await db.link.create({
      data: { pageId: t.page.id, title: "Loja", url: row.pix ? "" : "https://loja.example/", order, ...(row.pix ? { kind: "pix", data: pix } : {}) },
    });
  }
  // A subscriber of its own for each call too (an owner's DELETE removes it).
  const subscriber = row.path.includes("SUBSCRIBER")
    ? await db.subscriber.create({
        data: { pageId: t.page.id, source: "Lista", email: `s${Math.random()}@example.com`, consentText: "Sim", consentVersion: "0" },
      })
    : null;
  const value = (v: string) =>
    v === "LINK" ? t.link.id : v === "PAGE" ? t.page.id : v === "INVITE" ? t.invite.id : v === "SUBSCRIBER" ? subscriber!.id : who.user.id;
  const path = row.path.replace(/SUBSCRIBER|LINK|PAGE|INVITE|ME/g, value);
  const named = row.path.startsWith("/pages/") ? path : `${path}${path.includes("?") ? "&" : "?"}page=${t.page.username}`;
  const routeParams = Object.fromEntries(Object.entries(row.params ?? {}).map(([k, v]) => [k, value(v)]));
  const req = request(`/api${named}`, { method: row.method, body: row.body, headers: { cookie: who.cookie } });
  return row.handler(req, params(routeParams));
}

describe.each(ROWS.map((row) => [row.name, row] as const))("%s", (_, row) => {
  it(`an owner is let through; an editor ${row.need === "owner" ? "gets 403 'Sem permissão nesta página'" : "is let through"}; a stranger gets 404`, async () => {
    const t = await team();
    const stranger = await call(row, t.stranger, t);
    expect(stranger.status).toBe(404);

    const editor = await call(row, t.editor, t);
    if (row.need === "owner") {
      expect(editor.status).toBe(403);
      expect((await editor.json()).message).toBe("Sem permissão nesta página");
    } else {
      expect(DENIED).not.toContain(editor.status);
    }

    const owner = await call(row, t.owner, t);
    expect(DENIED).not.toContain(owner.status);
  });
});

it("a page named by a member of another page only: 404 on every page endpoint, and nothing of that page changes", async () => {
  const t = await team();
  const before = { page: await db.page.findUnique({ where: { id: t.page.id } }), links: await db.link.findMany({ where: { pageId: t.page.id } }) };
  for (const row of ROWS.filter((r) => !r.path.startsWith("/pages/"))) {
    expect([row.name, (await call(row, t.stranger, t)).status]).toEqual([row.name, 404]);
  }
  // (Each call added a link of its own to act on: the ones there before are as they were.)
  expect(await db.link.findMany({ where: { id: { in: before.links.map((l) => l.id) } } })).toEqual(before.links);
  expect(await db.page.findUnique({ where: { id: t.page.id } })).toEqual(before.page);
});

it("a page named in the path is the page checked: a ?page= naming another page changes nothing", async () => {
  const t = await team();
  // The editor owns their own first page; naming it in ?page= does not lift their role on the path's page.
  const asEditor = await members.GET(
    request(`/api/pages/${t.page.id}/members?page=${t.editor.user.username}`, { headers: { cookie: t.editor.cookie } }),
    params({ id: t.page.id }),
  );
  expect(asEditor.status).toBe(403);
  expect((await asEditor.json()).message).toBe("Sem permissão nesta página");
  // The owner naming their own page in ?page= still cannot reach the editor's page.
  const elsewhere = await members.GET(
    request(`/api/pages/${t.editor.user.id}/members?page=${t.page.username}`, { headers: { cookie: t.owner.cookie } }),
    params({ id: t.editor.user.id }),
  );
  expect(elsewhere.status).toBe(404);
  const own = await members.GET(
    request(`/api/pages/${t.page.id}/members?page=${t.owner.user.username}`, { headers: { cookie: t.owner.cookie } }),
    params({ id: t.page.id }),
  );
  expect(own.status).toBe(200);
  expect((await own.json()).members).toHaveLength(2);
});
