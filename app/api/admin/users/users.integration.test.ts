import { GET } from "./route";
import { PATCH as toggle } from "./[id]/toggle-admin/route";
import { GET as audit } from "@/app/api/admin/audit/route";
import { LAST_ADMIN_MESSAGE, setAdminFlag } from "@/lib/admin/admin-flag";
import { db } from "@/lib/server/db";
import { addMember, createPage, createUser, signedInUser } from "@/tests/factories";
import { getList, seedUsers, walkList } from "@/tests/helpers/admin";
import { params, request } from "@/tests/helpers/request";

type UserRow = { id: string; name: string; username: string; email: string; avatarUrl: string | null; isAdmin: boolean };

const toggleAs = (cookie: string, id: string) =>
  toggle(request(`/api/admin/users/${id}/toggle-admin`, { method: "PATCH", headers: { cookie } }), params({ id }));

describe("GET /api/admin/users", () => {
  it("lists users newest first as api.md's rows", async () => {
    const [user] = await seedUsers([{ name: "Bruno Lima", username: "bruno", email: "bruno@example.com", createdAt: new Date("2026-01-01T10:00:00Z") }]);
    await db.page.update({ where: { id: user!.id }, data: { avatarUrl: "/uploads/avatars/b.webp" } });
    const admin = await signedInUser({ isAdmin: true, username: "chefe" });
    const { rows, next } = await getList<UserRow>(GET, "/api/admin/users", admin.cookie);
    expect(next).toBeNull();
    expect(rows.map((r) => r.username)).toEqual(["chefe", "bruno"]);
    expect(rows[0]!.isAdmin).toBe(true);
    expect(rows[1]).toEqual({
      id: user!.id,
      name: "Bruno Lima",
      username: "bruno",
      email: "bruno@example.com",
      avatarUrl: "/uploads/avatars/b.webp",
      pages: 1,
      isAdmin: false,
      createdAt: "2026-01-01T10:00:00.000Z",
    });
    expect(JSON.stringify(rows)).not.toMatch(/passwordHash|argon2|phone/);
  });

  it("searches by name, username or e-mail and pages through the results", async () => {
    await seedUsers([
      { name: "Ana Souza", username: "ana", email: "ana@empresa.com" },
      { name: "Bia", username: "bia", email: "contato@empresa.com" },
      { name: "Caio", username: "caio", email: "caio@gmail.com" },
    ]);
    const { cookie } = await signedInUser({ isAdmin: true, name: "Admin", username: "root_admin", email: "root@x.com" });
    const found = async (q: string) => (await getList<UserRow>(GET, `/api/admin/users?q=${encodeURIComponent(q)}`, cookie)).rows.map((r) => r.username).sort();
    expect(await found("EMPRESA.COM")).toEqual(["ana", "bia"]);
    expect(await found("souza")).toEqual(["ana"]);
    expect(await found("cai")).toEqual(["caio"]);
    expect(await found("ninguém")).toEqual([]);
    const { seen, requests } = await walkList<UserRow>(GET, "/api/admin/users?limit=3", cookie);
    expect([seen.length, requests]).toEqual([4, 2]);
  });
});

describe("GET /api/admin/users (pages and teams)", () => {
  it("lists accounts, each once, with its first page's username and how many pages it manages; finds one by any page's username", async () => {
    const ana = await createUser({ name: "Ana Souza", username: "ana_primeira", email: "ana@example.com" });
    await createPage(ana.id, { username: "confeitaria_doce", name: "Confeitaria" });
    const bia = await createUser({ name: "Bia", username: "bia_um", email: "bia@example.com" });
    await addMember(ana.id, bia.id, "editor");
    const { cookie } = await signedInUser({ isAdmin: true, username: "chefe" });
    const all = (await getList<UserRow & { pages: number }>(GET, "/api/admin/users", cookie)).rows;
    expect(all.map((r) => [r.username, r.pages])).toEqual([
      ["chefe", 1],
      ["bia_um", 2],
      ["ana_primeira", 2],
    ]);
    for (const q of ["confeitaria", "@confeitaria_doce", "nf"]) {
      const { rows } = await getList<UserRow>(GET, `/api/admin/users?q=${encodeURIComponent(q)}`, cookie);
      expect(rows.map((r) => r.email)).toEqual(["ana@example.com"]);
    }
    // A page's username finds the accounts that manage it (an editor too).
    const both = await getList<UserRow>(GET, "/api/admin/users?q=ana_primeira", cookie);
    expect(both.rows.map((r) => r.email)).toEqual(["bia@example.com", "ana@example.com"]);
  });
});

describe("PATCH /api/admin/users/:id/toggle-admin", () => {
  it("grants and removes the flag, with an audit row each time", async () => {
    const [user] = await seedUsers([{ name: "Bruno Lima", username: "bruno", email: "bruno@example.com" }]);
    const admin = await signedInUser({ isAdmin: true, name: "Admin Geral", username: "chefe", email: "chefe@example.com" });

    const granted = await toggleAs(admin.cookie, user!.id);
    expect(granted.status).toBe(200);
    expect(await granted.json()).toEqual({ id: user!.id, isAdmin: true });
    expect((await db.user.findUniqueOrThrow({ where: { id: user!.id } })).isAdmin).toBe(true);

    const removed = await toggleAs(admin.cookie, user!.id);
    expect(await removed.json()).toEqual({ id: user!.id, isAdmin: false });
    expect((await db.user.findUniqueOrThrow({ where: { id: user!.id } })).isAdmin).toBe(false);

    const rows = await db.auditLog.findMany({ orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.action, r.actorId, r.targetId])).toEqual([
      ["admin.grant", admin.user.id, user!.id],
      ["admin.revoke", admin.user.id, user!.id],
    ]);

    // The dashboard's list reads them back newest first, from the snapshots.
    const listed = await getList<{ action: string; actor: unknown; target: unknown }>(audit, "/api/admin/audit", admin.cookie);
    expect(listed.rows.map((r) => r.action)).toEqual(["admin.revoke", "admin.grant"]);
    expect(listed.rows[0]).toMatchObject({
      actor: { name: "Admin Geral", username: "chefe", email: "chefe@example.com" },
      target: { name: "Bruno Lima", username: "bruno", email: "bruno@example.com" },
    });
  });

  it("refuses to change one's own flag with 400, changing nothing", async () => {
    const admin = await signedInUser({ isAdmin: true });
    await signedInUser({ isAdmin: true }); // not the last admin: the refusal is about oneself
    const res = await toggleAs(admin.cookie, admin.user.id);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Você não pode alterar seu próprio acesso de administrador" });
    expect((await db.user.findUniqueOrThrow({ where: { id: admin.user.id } })).isAdmin).toBe(true);
    expect(await db.auditLog.count()).toBe(0);
  });

  it("never removes the last administrator", async () => {
    const [only] = await seedUsers([{ isAdmin: true }]);
    await expect(setAdminFlag(only!.id, false)).rejects.toThrow(LAST_ADMIN_MESSAGE);
    expect((await db.user.findUniqueOrThrow({ where: { id: only!.id } })).isAdmin).toBe(true);
  });

  it("leaves one administrator when the last two demote each other at once", async () => {
    const a = await signedInUser({ isAdmin: true });
    const b = await signedInUser({ isAdmin: true });
    const results = await Promise.all([toggleAs(a.cookie, b.user.id), toggleAs(b.cookie, a.user.id)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 403]).toContain(statuses[1]);
    const refused = results.find((r) => r.status !== 200)!;
    if (refused.status === 400) expect((await refused.json()).message).toBe(LAST_ADMIN_MESSAGE);
    expect(await db.user.count({ where: { isAdmin: true } })).toBe(1);
    expect(await db.auditLog.count()).toBe(1);
  });

  it("answers 404 for an unknown user", async () => {
    const { cookie } = await signedInUser({ isAdmin: true });
    expect((await toggleAs(cookie, "nao_existe")).status).toBe(404);
    expect(await db.auditLog.count()).toBe(0);
  });
});
