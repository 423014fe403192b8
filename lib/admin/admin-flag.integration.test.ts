import { db } from "@/lib/server/db";
import { createUser } from "@/tests/factories";
import { LAST_ADMIN_MESSAGE, setAdminFlag } from "./admin-flag";

describe("setAdminFlag (npm run admin)", () => {
  it("grants and revokes with an audit row whose actor is the command line", async () => {
    const first = await createUser({ isAdmin: true });
    const user = await createUser();
    expect((await setAdminFlag(user.id, true)).isAdmin).toBe(true);
    expect((await setAdminFlag(user.id, false)).isAdmin).toBe(false);
    const rows = await db.auditLog.findMany({ orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.action, r.actorId, r.targetId])).toEqual([
      ["admin.grant", null, user.id],
      ["admin.revoke", null, user.id],
    ]);
    expect(first.isAdmin).toBe(true);
  });

  it("never removes the last administrator, and writes nothing then", async () => {
    const only = await createUser({ isAdmin: true });
    await expect(setAdminFlag(only.id, false)).rejects.toThrow(LAST_ADMIN_MESSAGE);
    expect((await db.user.findUniqueOrThrow({ where: { id: only.id } })).isAdmin).toBe(true);
    expect(await db.auditLog.count()).toBe(0);
  });

  it("writes no row when nothing changes", async () => {
    const admin = await createUser({ isAdmin: true });
    await setAdminFlag(admin.id, true);
    expect(await db.auditLog.count()).toBe(0);
  });
});
