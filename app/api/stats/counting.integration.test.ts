import { GET as stats } from "./route";
import { POST as view } from "@/app/api/profiles/[username]/view/route";
import { POST as click } from "@/app/api/links/[id]/click/route";
import { GET as listLinks } from "@/app/api/links/route";
import { GET as linkPage } from "@/app/[username]/[linkId]/route";
import { db } from "@/lib/server/db";
import { dayToDate, saoPauloDay } from "@/lib/stats/days";
import { signedInUser } from "@/tests/factories";
import { seedLinks } from "@/tests/helpers/links";
import { params, request } from "@/tests/helpers/request";
import { visitor } from "@/tests/helpers/visitor";
import { testDatabase } from "@/tests/db";
import { storeCounts } from "@/lib/stats/count-store";

async function setup() {
  const s = await signedInUser({ username: "ana" });
  const links = await seedLinks(s.user.id, 2, { active: [true, false] });
  return { ...s, links };
}
const viewOf = (username: string, ip?: string, ua?: string) => view(visitor(`/api/profiles/${username}/view`, ip, { ua }), params({ username }));
const clickOf = (id: string, ip?: string, ua?: string) => click(visitor(`/api/links/${id}/click`, ip, { ua }), params({ id }));

describe("counting", () => {
  it("counts a view and a click, which show on the owner's dashboard at once", async () => {
    const { cookie, links } = await setup();
    expect((await viewOf("ana")).status).toBe(204);
    expect((await clickOf(links[0]!.id)).status).toBe(204);
    const s = await (await stats(request("/api/stats", { headers: { cookie } }))).json();
    expect(s).toMatchObject({ views: 1, clicks: 1 });
    expect(s.daily).toHaveLength(30);
    expect(s.daily[29]).toEqual({
      date: saoPauloDay(),
      views: 1,
      visitors: 1,
      clicks: 1,
      subscribers: 0,
      sentToApp: 0,
      checkouts: 0,
      orders: 0,
      revenueCents: 0,
    });
    const list = await (await listLinks(request("/api/links", { headers: { cookie } }))).json();
    expect(list[0].clicks).toBe(1);
  });

  it("answers bots and link-preview fetchers 204 and counts nothing", async () => {
    const { links } = await setup();
    for (const ua of ["WhatsApp/2.23.20.0", "facebookexternalhit/1.1", "TelegramBot (like TwitterBot)", ""]) {
      expect((await viewOf("ana", undefined, ua)).status).toBe(204);
      expect((await clickOf(links[0]!.id, undefined, ua)).status).toBe(204);
    }
    expect(await db.dailyProfileStat.count()).toBe(0);
    expect((await db.link.findUniqueOrThrow({ where: { id: links[0]!.id } })).clicks).toBe(0);
  });

  it("answers 404 for an inactive or unknown link and a deactivated or unknown page", async () => {
    const { user, links } = await setup();
    expect((await clickOf(links[1]!.id)).status).toBe(404);
    expect((await clickOf("nao-existe")).status).toBe(404);
    expect((await viewOf("ninguem")).status).toBe(404);
    await db.page.update({ where: { id: user.id }, data: { active: false } });
    expect((await viewOf("ana")).status).toBe(404);
    expect((await clickOf(links[0]!.id)).status).toBe(404);
    expect(await db.dailyProfileStat.count()).toBe(0);
  });

  it("caps a flood from one client at 60 counts a minute (429, nothing counted)", async () => {
    const { cookie, links } = await setup();
    for (let i = 0; i < 30; i++) expect((await viewOf("ana", "203.0.113.77")).status).toBe(204);
    for (let i = 0; i < 30; i++) expect((await clickOf(links[0]!.id, "203.0.113.77")).status).toBe(204);
    const flooded = await viewOf("ana", "203.0.113.77");
    expect(flooded.status).toBe(429);
    expect(Number(flooded.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await clickOf(links[0]!.id, "203.0.113.77")).status).toBe(429);
    expect((await viewOf("ana", "203.0.113.78")).status).toBe(204);
    const s = await (await stats(request("/api/stats", { headers: { cookie } }))).json();
    expect(s).toMatchObject({ views: 31, clicks: 30 });
  });

  it("still redirects a short link past the flood cap, without counting it", async () => {
    const { links } = await setup();
    const id = links[0]!.id;
    const follow = () => linkPage(visitor(`/ana/${id}`, "203.0.113.90", { method: "GET" }), params({ username: "ana", linkId: id }));
    for (let i = 0; i < 60; i++) expect((await follow()).status).toBe(302);
    const past = await follow();
    expect(past.status).toBe(302);
    expect(past.headers.get("location")).toBe(links[0]!.url);
    expect((await db.link.findUniqueOrThrow({ where: { id } })).clicks).toBe(60);
  });

  it("files counts under the São Paulo day: 02:30 UTC is still yesterday", async () => {
    const { user, links } = await setup();
    jest.useFakeTimers({
      now: new Date("2026-11-22T02:30:00Z"),
      doNotFake: ["nextTick", "setImmediate", "setTimeout", "setInterval", "clearTimeout", "clearInterval", "queueMicrotask", "performance", "hrtime"],
    });
    try {
      await viewOf("ana", "203.0.113.1");
      await clickOf(links[0]!.id, "203.0.113.1");
      jest.setSystemTime(new Date("2026-11-22T03:00:01Z"));
      await viewOf("ana", "203.0.113.1");
    } finally {
      jest.useRealTimers();
    }
    const rows = await db.dailyProfileStat.findMany({ where: { pageId: user.id }, orderBy: { day: "asc" } });
    expect(rows.map((r) => [r.day.toISOString().slice(0, 10), r.views, r.clicks])).toEqual([
      ["2026-11-21", 1, 1],
      ["2026-11-22", 1, 0],
    ]);
    expect((await db.dailyLinkStat.findFirstOrThrow()).day).toEqual(dayToDate("2026-11-21"));
  });

  it("counts exactly the accepted clicks when 2,000 arrive at once", async () => {
    const { links } = await setup();
    const id = links[0]!.id;
    const total = testDatabase() === "postgres" ? 2_000 : 300;
    const answers = await Promise.all(Array.from({ length: total }, (_, i) => clickOf(id, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`)));
    // Group commit: every click is accepted and stored, however many arrive at once.
    expect(answers.map((r) => r.status).filter((status) => status !== 204)).toEqual([]);
    const link = await db.link.findUniqueOrThrow({ where: { id } });
    const day = await db.dailyLinkStat.findFirstOrThrow({ where: { linkId: id } });
    const profileDay = await db.dailyProfileStat.findFirstOrThrow();
    expect(link.clicks).toBe(total);
    expect(day.clicks).toBe(total);
    expect(profileDay.clicks).toBe(total);
    expect(profileDay.visitors).toBe(total);
  }, 120_000);

  it("loses nothing and never deadlocks when several instances commit groups on the same rows at once", async () => {
    const { user, links } = await setup();
    const other = await signedInUser({ username: "bia" });
    const [otherLink] = await seedLinks(other.user.id, 1);
    const targets = [
      { kind: "click" as const, target: links[0]!.id },
      { kind: "click" as const, target: otherLink!.id },
      { kind: "view" as const, target: "ana" },
      { kind: "view" as const, target: "bia" },
    ];
    const groups = testDatabase() === "postgres" ? 8 : 3;
    const perGroup = 200;
    let n = 0;
    // Each group is what one instance commits at once, in its own order.
    const results = await Promise.all(
      Array.from({ length: groups }, (_, g) =>
        storeCounts(
          Array.from({ length: perGroup }, (_, i) => {
            n += 1;
            const t = targets[(i * (g + 1) + g) % targets.length]!;
            return {
              ...t,
              viewerPages: [],
              client: `10.9.${(n >> 8) & 255}.${n & 255}`,
              day: saoPauloDay(),
              source: ["direct", "instagram", "tiktok"][(n + g) % 3]!,
              device: "mobile",
              country: "unknown",
              visitor: `v${n}`,
              id: null,
            };
          }),
        ),
      ),
    );
    expect(results.flat().every((o) => o.status === "counted")).toBe(true);
    const total = groups * perGroup;
    const profiles = await db.dailyProfileStat.findMany();
    expect(profiles.reduce((a, p) => a + p.views + p.clicks, 0)).toBe(total);
    expect(profiles.reduce((a, p) => a + p.visitors, 0)).toBe(total);
    const linkClicks = (await db.link.findMany({ where: { id: { in: [links[0]!.id, otherLink!.id] } } })).reduce((a, l) => a + l.clicks, 0);
    expect(linkClicks).toBe(profiles.reduce((a, p) => a + p.clicks, 0));
    const bySource = await db.dailyBreakdownStat.findMany({ where: { kind: "source" } });
    expect(bySource.reduce((a, r) => a + r.views + r.clicks, 0)).toBe(total);
    expect((await db.dailyLinkSourceStat.findMany()).reduce((a, r) => a + r.clicks, 0)).toBe(linkClicks);
    void user;
  }, 120_000);
});
