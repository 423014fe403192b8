import { Client } from "pg";
import { createUser } from "@/tests/factories";
import { testDatabase } from "@/tests/db";
import { orderOf, seedLinks } from "@/tests/helpers/links";
import { reorderLinks } from "./link-mutations";

// A write to an owner's positions against the count statement's locks
// (lib/stats/count-store.ts: the links in id order FOR NO KEY UPDATE, the page
// FOR KEY SHARE, in whatever order its plan reads them). Two real connections:
// PostgreSQL only (the embedded database runs one transaction at a time).
(testDatabase() === "postgres" ? describe : describe.skip)("the owner's turn and a batch of counts", () => {
  it("a reorder and counts holding one of the owner's links take turns instead of deadlocking", async () => {
    const user = await createUser();
    const links = await seedLinks(user.id, 3);
    const counts = new Client({ connectionString: process.env.DATABASE_URL });
    await counts.connect();
    try {
      await counts.query("BEGIN");
      await counts.query(`SELECT id FROM "Link" WHERE id = $1 FOR NO KEY UPDATE`, [links[1]!.id]);
      const wanted = [...links].reverse().map((l) => l.id);
      const reordering = reorderLinks(
        user.id,
        wanted.map((id, order) => ({ id, order })),
      );
      // The reorder now waits for that link, holding its turn on the owner.
      await new Promise((r) => setTimeout(r, 300));
      // Then the counts ask for the page. With the owner's row held FOR UPDATE
      // this waited for the reorder, which waited for the counts: PostgreSQL
      // broke the cycle by failing one of them after its deadlock timeout.
      await counts.query(`SELECT id FROM "User" WHERE id = $1 FOR KEY SHARE`, [user.id]);
      await counts.query("COMMIT");
      await reordering;
      expect(await orderOf(user.id)).toEqual(wanted);
    } finally {
      await counts.end();
    }
  });
});
