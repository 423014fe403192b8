import { DELETE as deletePageRoute } from "./[id]/route";
import { db } from "@/lib/server/db";
import { createPage, signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";

// PostgreSQL only (issue 46): an account's last page stays, even when its
// pages are deleted all at once. The embedded database runs one transaction
// at a time and would hide the race; here each request has its own
// connection, and before the fix both requests counted two pages and both
// deleted theirs.

const del = (cookie: string, id: string, confirm: string) =>
  deletePageRoute(request(`/api/pages/${id}`, { method: "DELETE", body: { confirm }, headers: { cookie } }), params({ id }));

describe("deleting an account's pages at once (PostgreSQL)", () => {
  it("leaves one page, however many deletions race", async () => {
    for (let round = 0; round < 8; round++) {
      const ana = await signedInUser();
      const extra = await Promise.all([createPage(ana.user.id), createPage(ana.user.id)]);
      const pages = [{ id: ana.user.id, username: ana.user.username }, ...extra.map((p) => ({ id: p.id, username: p.username }))];

      const answers = await Promise.all(pages.map((p) => del(ana.cookie, p.id, p.username)));
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 200, 400]);
      const refused = answers.find((r) => r.status === 400)!;
      expect((await refused.json()).message).toBe("Esta é sua única página. Para apagá-la, exclua sua conta.");

      // Exactly the refused page is left, whole, with its owner.
      const left = await db.pageMember.findMany({ where: { userId: ana.user.id }, select: { pageId: true, role: true } });
      expect(left).toHaveLength(1);
      expect(left[0]!.role).toBe("owner");
      expect(await db.page.count({ where: { id: { in: pages.map((p) => p.id) } } })).toBe(1);
      expect(await db.auditLog.count({ where: { action: "page.delete", actorId: ana.user.id } })).toBe(2);
    }
  });
});
