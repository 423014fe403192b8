import { GET } from "./route";
import { PATCH as toggle } from "./[id]/toggle-status/route";
import { db } from "@/lib/server/db";
import { signedInUser } from "@/tests/factories";
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
        { userId: recent!.id, day: new Date("2026-02-01"), views: 8, clicks: 1 },
        { userId: recent!.id, day: new Date("2026-02-02"), views: 4, clicks: 2 },
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
    });
    expect(rows[2]).toMatchObject({ id: old!.id, active: false, views: 0, clicks: 0 });
    expect(JSON.stringify(rows)).not.toMatch(/email|passwordHash|phone/);
  });

  it("searches by name (any case) or username, and treats % and _ literally", async () => {
    await seedUsers([
      { name: "Ana Souza", username: "ana_s" },
      { name: "Mariana Costa", username: "mari" },
      { name: "Pedro", username: "anaxs", email: "ana@example.com" },
      { name: "Zé", username: "ze" },
    ]);
    const { cookie } = await signedInUser({ isAdmin: true, name: "Admin", username: "root_admin" });
    const names = async (q: string) =>
      (await getList<PageRow>(GET, `/api/admin/pages?q=${encodeURIComponent(q)}`, cookie)).rows.map((r) => r.userName).sort();
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
    expect((await db.user.findUniqueOrThrow({ where: { id: page!.id } })).pageActive).toBe(false);

    const on = await toggleAs(admin.cookie, page!.id);
    expect(await on.json()).toEqual({ id: page!.id, active: true });
    expect((await db.user.findUniqueOrThrow({ where: { id: page!.id } })).pageActive).toBe(true);

    const rows = await db.auditLog.findMany({ orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => r.action)).toEqual(["page.deactivate", "page.activate"]);
    expect(rows[0]).toMatchObject({
      actorId: admin.user.id,
      targetId: page!.id,
      details: {
        actor: { name: "Admin Geral", username: "chefe", email: "chefe@example.com" },
        target: { name: "Bruno Lima", username: "bruno", email: "bruno@example.com" },
      },
    });
  });

  it("lets two administrators toggle at once without losing a flip", async () => {
    const [page] = await seedUsers([{}]);
    const a = await signedInUser({ isAdmin: true });
    const b = await signedInUser({ isAdmin: true });
    const results = await Promise.all([toggleAs(a.cookie, page!.id), toggleAs(b.cookie, page!.id)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect((await db.user.findUniqueOrThrow({ where: { id: page!.id } })).pageActive).toBe(true);
    expect(await db.auditLog.count()).toBe(2);
  });

  it("answers 404 for an unknown page and 400 for a malformed id, writing nothing", async () => {
    const { cookie } = await signedInUser({ isAdmin: true });
    expect((await toggleAs(cookie, "nao_existe")).status).toBe(404);
    expect((await toggleAs(cookie, "a'b")).status).toBe(400);
    expect(await db.auditLog.count()).toBe(0);
  });
});
