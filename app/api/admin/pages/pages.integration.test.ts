import { GET } from "./route";
import { PATCH as toggle } from "./[id]/toggle-status/route";
import { db } from "@/lib/server/db";
import { addMember, createPage, createUser, signedInUser } from "@/tests/factories";
import { getList, seedUsers, walkList } from "@/tests/helpers/admin";
import { params, request } from "@/tests/helpers/request";

type PageRow = { id: string; name: string; userName: string; active: boolean; createdAt: string; views: number; clicks: number };

const toggleAs = (cookie: string, id: string) =>
  toggle(request(`/api/admin/pages/${id}/toggle-status`, { method: "PATCH", headers: { cookie } }), params({ id }));

describe("GET /api/admin/pages", () => {
  it("lists every page newest first as api.md's rows, with views and clicks summed", async () => {
    const [old, recent] = await seedUsers([
      { name: "Bruno Lima", username: "bruno", createdAt: new Date("2026-01-01T10:00:00Z"), pageActive: false },
      { name: "Carla Dias", username: "carla", createdAt: new Date("2026-02-01T10:00:00Z") },
    ]);
    await db.dailyProfileStat.createMany({
      data: [
        { pageId: recent!.id, day: new Date("2026-02-01"), views: 8, clicks: 1 },
        { pageId: recent!.id, day: new Date("2026-02-02"), views: 4, clicks: 2 },
      ],
    });
    const admin = await signedInUser({ isAdmin: true, name: "Admin Geral", username: "chefe" });
    const { status, rows, next } = await getList<PageRow>(GET, "/api/admin/pages", admin.cookie);
    expect(status).toBe(200);
    expect(next).toBeNull();
    expect(rows.map((r) => r.userName)).toEqual(["chefe", "carla", "bruno"]);
    expect(rows[1]).toEqual({
      id: recent!.id,
      name: "Carla Dias",
      userName: "carla",
      active: true,
      createdAt: "2026-02-01T10:00:00.000Z",
      views: 12,
      clicks: 3,
      deactivationReason: null,
      appeal: null,
      owners: [{ id: recent!.id, name: "Carla Dias", email: "carla@example.com" }],
    });
    expect(rows[2]).toMatchObject({ id: old!.id, active: false, views: 0, clicks: 0 });
    // The owners' e-mails are shown (fourth release); nothing else of the accounts.
    expect(JSON.stringify(rows)).not.toMatch(/passwordHash|phone/);
  });

  it("searches by name (any case) or username, and treats % and _ literally", async () => {
    await seedUsers([
      { name: "Ana Souza", username: "ana_s" },
      { name: "Mariana Costa", username: "mari" },
      { name: "Pedro", username: "anaxs", email: "ana@example.com" },
      { name: "Zé", username: "ze" },
    ]);
    const { cookie } = await signedInUser({ isAdmin: true, name: "Admin", username: "root_admin" });
    const names = async (q: string) => (await getList<PageRow>(GET, `/api/admin/pages?q=${encodeURIComponent(q)}`, cookie)).rows.map((r) => r.userName).sort();
    expect(await names("ANA")).toEqual(["ana_s", "anaxs", "mari"]);
    expect(await names("ana_")).toEqual(["ana_s"]);
    expect(await names("@ana_s")).toEqual(["ana_s"]);
    expect(await names("costa")).toEqual(["mari"]);
    expect(await names("%")).toEqual([]);
    expect(await names("\\")).toEqual([]);
    expect(await names("ana@example.com")).toEqual([]); // pages are not searched by e-mail
    expect(await names("   ")).toHaveLength(5);
  });

  it("pages with a cursor through rows that share an instant, missing none and repeating none", async () => {
    const same = new Date("2026-01-15T12:00:00Z");
    await seedUsers(Array.from({ length: 7 }, (_, i) => ({ createdAt: i < 5 ? same : new Date(Date.UTC(2026, 0, i)) })));
    const { cookie } = await signedInUser({ isAdmin: true });
    const { seen, requests } = await walkList<PageRow>(GET, "/api/admin/pages?limit=2", cookie);
    expect(requests).toBe(4);
    expect(seen).toHaveLength(8);
    expect(new Set(seen.map((r) => r.id)).size).toBe(8);
    const keys = seen.map((r) => [r.createdAt, r.id] as const);
    const sorted = [...keys].sort((x, y) => (x[0] === y[0] ? (x[1] < y[1] ? 1 : -1) : x[0] < y[0] ? 1 : -1));
    expect(keys).toEqual(sorted);

    const searched = await walkList<PageRow>(GET, "/api/admin/pages?limit=1&q=pessoa", cookie);
    expect(searched.seen).toHaveLength(7);
  });

  it("answers 400 for a made-up cursor or a bad limit", async () => {
    const { cookie } = await signedInUser({ isAdmin: true });
    const bad = await getList(GET, "/api/admin/pages?cursor=bm90LWEtY3Vyc29y", cookie);
    expect(bad.status).toBe(400);
    expect((bad.rows as unknown as { errors: Record<string, string> }).errors).toEqual({ cursor: "Cursor de paginação inválido" });
    expect((await getList(GET, "/api/admin/pages?limit=0", cookie)).status).toBe(400);
    expect((await getList(GET, "/api/admin/pages?limit=101", cookie)).status).toBe(400);
    expect((await getList(GET, `/api/admin/pages?q=${"x".repeat(101)}`, cookie)).status).toBe(400);
  });
});

describe("PATCH /api/admin/pages/:id/toggle-status", () => {
  it("deactivates and reactivates a page, writing an audit row for each in the same step", async () => {
    const [page] = await seedUsers([{ name: "Bruno Lima", username: "bruno", email: "bruno@example.com" }]);
    const admin = await signedInUser({ isAdmin: true, name: "Admin Geral", username: "chefe", email: "chefe@example.com" });

    const off = await toggleAs(admin.cookie, page!.id);
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ id: page!.id, active: false });
    expect((await db.page.findUniqueOrThrow({ where: { id: page!.id } })).active).toBe(false);

    const on = await toggleAs(admin.cookie, page!.id);
    expect(await on.json()).toEqual({ id: page!.id, active: true });
    expect((await db.page.findUniqueOrThrow({ where: { id: page!.id } })).active).toBe(true);

    const rows = await db.auditLog.findMany({ orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => r.action)).toEqual(["page.deactivate", "page.activate"]);
    // The row names the page (pageId) and shows it as the target; no account is its target.
    expect(rows[0]).toMatchObject({
      actorId: admin.user.id,
      targetId: null,
      pageId: page!.id,
      details: {
        actor: { name: "Admin Geral", username: "chefe", email: "chefe@example.com" },
        target: { name: "Bruno Lima", username: "bruno", email: "" },
        page: { name: "Bruno Lima", username: "bruno" },
      },
    });
    // The owner heard of both.
    expect((await db.outboxMessage.findMany({ orderBy: { createdAt: "asc" } })).map((m) => m.to)).toEqual(["bruno@example.com", "bruno@example.com"]);
  });

  it("lets two administrators toggle at once without losing a flip", async () => {
    const [page] = await seedUsers([{}]);
    const a = await signedInUser({ isAdmin: true });
    const b = await signedInUser({ isAdmin: true });
    const results = await Promise.all([toggleAs(a.cookie, page!.id), toggleAs(b.cookie, page!.id)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect((await db.page.findUniqueOrThrow({ where: { id: page!.id } })).active).toBe(true);
    expect(await db.auditLog.count()).toBe(2);
  });

  it("answers 404 for an unknown page and 400 for a malformed id, writing nothing", async () => {
    const { cookie } = await signedInUser({ isAdmin: true });
    expect((await toggleAs(cookie, "nao_existe")).status).toBe(404);
    expect((await toggleAs(cookie, "a'b")).status).toBe(400);
    expect(await db.auditLog.count()).toBe(0);
  });
});

describe("the pages list by page (pages and teams)", () => {
  it("lists and finds an account's second page, with its owners' e-mails; an editor is not an owner", async () => {
    const ana = await createUser({ name: "Ana Souza", username: "ana_perfil", email: "ana@example.com" });
    const shop = await createPage(ana.id, { username: "quitanda_ana", name: "Quitanda Verde" });
    const bia = await createUser({ name: "Bia", username: "bia_perfil", email: "bia@example.com" });
    await addMember(shop.id, bia.id, "owner");
    const edu = await createUser({ name: "Edu", username: "edu_perfil", email: "edu@example.com" });
    await addMember(shop.id, edu.id, "editor");
    const { cookie } = await signedInUser({ isAdmin: true, username: "chefe" });
    const all = (await getList<PageRow & { owners: unknown[] }>(GET, "/api/admin/pages", cookie)).rows;
    expect(all.map((r) => r.userName)).toEqual(["chefe", "edu_perfil", "bia_perfil", "quitanda_ana", "ana_perfil"]);
    for (const q of ["quitanda", "Verde", "@quitanda_ana", "qu"]) {
      const { rows } = await getList<PageRow & { owners: unknown[] }>(GET, `/api/admin/pages?q=${encodeURIComponent(q)}`, cookie);
      expect(rows.map((r) => r.userName)).toEqual(["quitanda_ana"]);
      expect(rows[0]).toMatchObject({
        id: shop.id,
        name: "Quitanda Verde",
        owners: [
          { id: ana.id, name: "Ana Souza", email: "ana@example.com" },
          { id: bia.id, name: "Bia", email: "bia@example.com" },
        ],
      });
    }
  });

  it("toggle-status acts on the page only: the account's other page stays, and every owner is told", async () => {
    const ana = await createUser({ username: "ana_um", email: "ana@example.com" });
    const shop = await createPage(ana.id, { username: "ana_dois", name: "Loja" });
    const bia = await createUser({ username: "bia_um", email: "bia@example.com" });
    await addMember(shop.id, bia.id, "owner");
    const edu = await createUser({ username: "edu_um", email: "edu@example.com" });
    await addMember(shop.id, edu.id, "editor");
    const admin = await signedInUser({ isAdmin: true });
    const res = await toggle(
      request(`/api/admin/pages/${shop.id}/toggle-status`, { method: "PATCH", body: { reason: "Golpe" }, headers: { cookie: admin.cookie } }),
      params({ id: shop.id }),
    );
    expect(await res.json()).toEqual({ id: shop.id, active: false });
    expect(await db.page.findUniqueOrThrow({ where: { id: shop.id } })).toMatchObject({ active: false, deactivationReason: "Golpe" });
    expect((await db.page.findUniqueOrThrow({ where: { id: ana.id } })).active).toBe(true);
    expect((await db.outboxMessage.findMany()).map((m) => m.to).sort()).toEqual(["ana@example.com", "bia@example.com"]);
    const audit = await db.auditLog.findFirstOrThrow();
    expect(audit).toMatchObject({ action: "page.deactivate", pageId: shop.id, details: { note: "Golpe", target: { username: "ana_dois" } } });
  });
});
