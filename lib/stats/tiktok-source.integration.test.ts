import { POST as view } from "@/app/api/profiles/[username]/view/route";
import { POST as click } from "@/app/api/links/[id]/click/route";
import { db } from "@/lib/server/db";
import { signedInUser } from "@/tests/factories";
import { seedLinks } from "@/tests/helpers/links";
import { params } from "@/tests/helpers/request";
import { TIKTOK_ANDROID, TIKTOK_IOS } from "@/tests/helpers/user-agents";
import { visitor } from "@/tests/helpers/visitor";

// api.md, Fifth release put right: a User-Agent with `TikTok`, `musical_ly` or
// `BytedanceWebview` is the source `tiktok` (second release), whether or not
// the in-app library names the app (its Android "TikTok 32.5.3" it does not).

describe("a visit from TikTok's built-in browser", () => {
  it("is stored under tiktok, from iOS and Android, views and clicks alike", async () => {
    const { user } = await signedInUser({ username: "ana" });
    const [link] = await seedLinks(user.id, 1);
    let ip = 10;
    for (const ua of [TIKTOK_IOS, TIKTOK_ANDROID]) {
      expect((await view(visitor("/api/profiles/ana/view", `198.51.100.${ip++}`, { ua }), params({ username: "ana" }))).status).toBe(204);
      expect((await click(visitor(`/api/links/${link!.id}/click`, `198.51.100.${ip++}`, { ua }), params({ id: link!.id }))).status).toBe(204);
    }
    const rows = await db.dailyBreakdownStat.findMany({ where: { pageId: user.id, kind: "source" } });
    expect(rows.map((r) => [r.value, r.views, r.clicks])).toEqual([["tiktok", 2, 2]]);
  });
});
