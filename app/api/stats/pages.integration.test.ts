import { DELETE as resetStats, GET as stats } from "./route";
import { GET as exportCsv } from "./export/route";
import { GET as linkStats } from "@/app/api/links/[id]/stats/route";
import { POST as view } from "@/app/api/profiles/[username]/view/route";
import { POST as click } from "@/app/api/links/[id]/click/route";
import { db } from "@/lib/server/db";
import { addMember, createPage, signedInUser } from "@/tests/factories";
import { seedLinks } from "@/tests/helpers/links";
import { params, request } from "@/tests/helpers/request";

// api.md, Pages and teams (fourth release): statistics, their CSV and link
// statistics take ?page= (absent: the first page) and an editor sees them;
// the reset is the owner's (an editor: 403 `Sem permissão nesta página`); a
// page the caller does not manage is a 404.

const UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
let ip = 0;
const nextIp = () => `198.51.${(++ip >> 8) & 255}.${ip & 255}`;
const headers = (cookie?: string) => ({ "user-agent": UA, ...(cookie ? { cookie } : {}) });
const viewOf = (username: string, cookie?: string) =>
  view(request(`/api/profiles/${username}/view`, { method: "POST", ip: nextIp(), headers: headers(cookie) }), params({ username }));
const clickOf = (id: string, cookie?: string) =>
  click(request(`/api/links/${id}/click`, { method: "POST", ip: nextIp(), headers: headers(cookie) }), params({ id }));
const get = (path: string, cookie: string) => request(path, { headers: { cookie } });

async function insights(cookie: string, query = "") {
  const res = await stats(get(`/api/stats${query}`, cookie));
  return { status: res.status, body: await res.json() };
}

/** "ana" with her first page (one link) and "loja_da_ana" (one link), each with a view and a click. */
async function twoPages() {
  const s = await signedInUser({ username: "ana" });
  const second = await createPage(s.user.id, { username: "loja_da_ana" });
  const [first] = await seedLinks(s.user.id, 1);
  const [theirs] = await seedLinks(second.id, 1);
  await viewOf("ana");
  await clickOf(first!.id);
  await viewOf("loja_da_ana");
  await viewOf("loja_da_ana");
  await clickOf(theirs!.id);
  return { ...s, second, first: first!, theirs: theirs! };
}

describe("statistics of a second page (?page=)", () => {
  it("shows the named page's numbers, its CSV and its links' stats; without ?page= the first page's", async () => {
    const { cookie, second, first, theirs } = await twoPages();
    const q = `?page=${second.username}`;
    const named = await insights(cookie, `${q}&days=7`);
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ views: 2, clicks: 1 });
    expect(named.body.links.map((l: { id: string }) => l.id)).toEqual([theirs.id]);
    expect((await insights(cookie)).body).toMatchObject({ views: 1, clicks: 1, links: [{ id: first.id, clicks: 1 }] });

    const csv = await exportCsv(get(`/api/stats/export${q}&days=7`, cookie));
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="vitrine-loja_da_ana-7dias.csv"');
    expect((await csv.text()).trimEnd().split("\n").at(-1)).toMatch(/,2,3,1,0,0$/); // the click came from a third visitor; no sign-ups, none sent to an app
    expect((await exportCsv(get("/api/stats/export?days=7", cookie))).headers.get("content-disposition")).toBe('attachment; filename="vitrine-ana-7dias.csv"');

    const one = await linkStats(get(`/api/links/${theirs.id}/stats${q}`, cookie), params({ id: theirs.id }));
    expect(await one.json()).toMatchObject({ clicks: 1 });
    // Each link is found on its own page only.
    expect((await linkStats(get(`/api/links/${theirs.id}/stats`, cookie), params({ id: theirs.id }))).status).toBe(404);
    expect((await linkStats(get(`/api/links/${first.id}/stats${q}`, cookie), params({ id: first.id }))).status).toBe(404);
  });

  it("resets the named page's statistics only", async () => {
    const { user, cookie, second, first, theirs } = await twoPages();
    const res = await resetStats(request(`/api/stats?page=${second.username}`, { method: "DELETE", headers: { cookie } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect((await insights(cookie, `?page=${second.username}`)).body).toMatchObject({ views: 0, visitors: 0, clicks: 0, sources: [] });
    expect((await db.link.findUniqueOrThrow({ where: { id: theirs.id } })).clicks).toBe(0);
    expect(await db.dailyProfileStat.count({ where: { pageId: second.id } })).toBe(0);
    // The first page keeps everything.
    expect((await insights(cookie)).body).toMatchObject({ views: 1, clicks: 1 });
    expect((await db.link.findUniqueOrThrow({ where: { id: first.id } })).clicks).toBe(1);
    expect(await db.dailyProfileStat.count({ where: { pageId: user.id } })).toBe(1);
  });
});

describe("an editor's statistics", () => {
  it("sees the page's statistics, CSV and link stats, but may not reset them (403)", async () => {
    const owner = await signedInUser({ username: "dona" });
    const editor = await signedInUser({ username: "ajudante" });
    await addMember(owner.user.id, editor.user.id, "editor");
    const [link] = await seedLinks(owner.user.id, 1);
    await viewOf("dona");
    await clickOf(link!.id);

    expect((await insights(editor.cookie, "?page=dona")).body).toMatchObject({ views: 1, clicks: 1 });
    expect((await exportCsv(get("/api/stats/export?page=dona", editor.cookie))).status).toBe(200);
    expect(await (await linkStats(get(`/api/links/${link!.id}/stats?page=dona`, editor.cookie), params({ id: link!.id }))).json()).toMatchObject({ clicks: 1 });

    const refused = await resetStats(request("/api/stats?page=dona", { method: "DELETE", headers: { cookie: editor.cookie } }));
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("Sem permissão nesta página");
    expect((await insights(owner.cookie)).body).toMatchObject({ views: 1, clicks: 1 });
    expect((await db.link.findUniqueOrThrow({ where: { id: link!.id } })).clicks).toBe(1);

    // On their own first page the editor is its owner: the reset there works (and touches nothing of "dona").
    expect((await resetStats(request("/api/stats", { method: "DELETE", headers: { cookie: editor.cookie } }))).status).toBe(200);
    expect((await insights(owner.cookie)).body).toMatchObject({ views: 1, clicks: 1 });

    // A second owner may reset.
    const partner = await signedInUser();
    await addMember(owner.user.id, partner.user.id, "owner");
    expect((await resetStats(request("/api/stats?page=dona", { method: "DELETE", headers: { cookie: partner.cookie } }))).status).toBe(200);
    expect((await insights(owner.cookie)).body).toMatchObject({ views: 0, clicks: 0 });
  });

  it("does not count a member's own views and clicks of the page", async () => {
    const owner = await signedInUser({ username: "dona" });
    const editor = await signedInUser({ username: "ajudante" });
    await addMember(owner.user.id, editor.user.id, "editor");
    const second = await createPage(owner.user.id, { username: "segunda" });
    const [link] = await seedLinks(second.id, 1);
    expect((await viewOf("dona", editor.cookie)).status).toBe(204);
    expect((await viewOf("segunda", owner.cookie)).status).toBe(204);
    expect((await clickOf(link!.id, owner.cookie)).status).toBe(204);
    expect(await db.dailyProfileStat.count()).toBe(0);
    // The editor is a visitor like any other on a page they do not manage.
    expect((await viewOf("segunda", editor.cookie)).status).toBe(204);
    expect((await clickOf(link!.id, editor.cookie)).status).toBe(204);
    expect((await insights(owner.cookie, "?page=segunda")).body).toMatchObject({ views: 1, clicks: 1 });
    expect((await insights(owner.cookie)).body).toMatchObject({ views: 0, clicks: 0 });
  });
});

describe("a page the caller does not manage", () => {
  it("is a 404 for its statistics, CSV, link stats and reset, and nothing is reset", async () => {
    const owner = await signedInUser({ username: "dona" });
    const stranger = await signedInUser();
    const [link] = await seedLinks(owner.user.id, 1);
    await viewOf("dona");
    const c = stranger.cookie;
    const answers = [
      await stats(get("/api/stats?page=dona", c)),
      await exportCsv(get("/api/stats/export?page=dona", c)),
      await linkStats(get(`/api/links/${link!.id}/stats?page=dona`, c), params({ id: link!.id })),
      await resetStats(request("/api/stats?page=dona", { method: "DELETE", headers: { cookie: c } })),
      await stats(get("/api/stats?page=ninguem_aqui", c)),
    ];
    for (const res of answers) expect(res.status).toBe(404);
    expect((await insights(owner.cookie)).body.views).toBe(1);
    // Without ?page= the stranger's own first page, as before.
    expect((await insights(c)).body).toMatchObject({ views: 0 });
  });
});
