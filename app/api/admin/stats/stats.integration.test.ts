import { GET } from "./route";
import { getAdminStats } from "@/lib/admin/admin-stats";
import { addDays, saoPauloToday } from "@/lib/dates/sao-paulo-days";
import { db } from "@/lib/server/db";
import { signedInUser } from "@/tests/factories";
import { request } from "@/tests/helpers/request";

let seq = 0;
/** A user row created at a given instant, with its first page (same id and instant, as registration makes them). */
async function userAt(createdAt: Date, pageActive = true) {
  seq += 1;
  const user = await db.user.create({ data: { name: `Pessoa ${seq}`, email: `p${seq}@example.com`, createdAt } });
  await db.page.create({
    data: { id: user.id, username: `p_${seq}`, name: user.name, createdAt, active: pageActive, members: { create: { userId: user.id, role: "owner" } } },
  });
  return user;
}

const day = (d: string) => new Date(`${d}T00:00:00Z`);

describe("GET /api/admin/stats", () => {
  it("answers totals that match the data exactly, with today in São Paulo time", async () => {
    const today = saoPauloToday();
    const admin = await signedInUser({ isAdmin: true }); // created now: today
    const a = await userAt(new Date(today.start.getTime() + 60_000)); // 00:01 in São Paulo
    const b = await userAt(new Date(today.start.getTime() - 30 * 60_000), false); // 23:30 yesterday
    const c = await userAt(new Date(today.start.getTime() - 40 * 86_400_000));
    await db.link.createMany({
      data: [
        { pageId: a.id, title: "Um", url: "https://um.example", order: 0, clicks: 3 },
        { pageId: a.id, title: "Dois", url: "https://dois.example", order: 1, active: false },
        { pageId: b.id, title: "Três", url: "https://tres.example", order: 0 },
        // A section title is not a link: not in totalLinks.
        { pageId: b.id, kind: "header", title: "Projetos", url: "", order: 1 },
      ],
    });
    await db.dailyProfileStat.createMany({
      data: [
        { pageId: a.id, day: day(today.day), views: 10, clicks: 4 },
        { pageId: a.id, day: day(addDays(today.day, -1)), views: 5, clicks: 1 },
        { pageId: b.id, day: day(addDays(today.day, -29)), views: 7, clicks: 2 },
        { pageId: c.id, day: day(addDays(today.day, -30)), views: 100, clicks: 50 }, // outside the chart, inside the totals
      ],
    });

    const res = await GET(request("/api/admin/stats", { headers: { cookie: admin.cookie } }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      totalPages: 4,
      activePages: 3,
      pagesCreatedToday: 2,
      totalLinks: 3,
      totalProfileViews: 122,
      totalLinkClicks: 57,
      totalUsers: 4,
      usersCreatedToday: 2,
    });

    expect(body.daily).toHaveLength(30);
    expect(body.daily[0]).toEqual({ date: addDays(today.day, -29), signups: 0, views: 7, clicks: 2 });
    expect(body.daily[28]).toEqual({ date: addDays(today.day, -1), signups: 1, views: 5, clicks: 1 });
    expect(body.daily[29]).toEqual({ date: today.day, signups: 2, views: 10, clicks: 4 });
    const sum = (k: "signups" | "views" | "clicks") => body.daily.reduce((n: number, p: Record<string, number>) => n + (p[k] ?? 0), 0);
    expect([sum("signups"), sum("views"), sum("clicks")]).toEqual([3, 22, 7]);
  });

  it("counts 02:30 UTC as the previous day in São Paulo", async () => {
    const now = new Date("2026-03-10T15:00:00Z");
    await userAt(new Date("2026-03-10T02:30:00Z")); // 9 March, 23:30 in São Paulo
    await userAt(new Date("2026-03-10T02:59:59.999Z")); // 9 March, 23:59
    await userAt(new Date("2026-03-10T03:00:00Z")); // 10 March, 00:00
    await userAt(new Date("2026-03-11T02:59:00Z")); // 10 March, 23:59
    await userAt(new Date("2026-03-11T03:00:00Z")); // 11 March: tomorrow

    const stats = await getAdminStats(now);
    expect(stats.usersCreatedToday).toBe(2);
    expect(stats.pagesCreatedToday).toBe(2);
    expect(stats.daily.at(-1)).toEqual({ date: "2026-03-10", signups: 2, views: 0, clicks: 0 });
    expect(stats.daily.at(-2)).toEqual({ date: "2026-03-09", signups: 2, views: 0, clicks: 0 });
    expect(stats.daily[0]!.date).toBe("2026-02-09");
  });

  it("counts pages apart from accounts: an account's second page is one more page, not one more account", async () => {
    const now = new Date("2026-03-10T15:00:00Z");
    const ana = await userAt(new Date("2026-03-01T12:00:00Z"));
    await db.page.create({
      data: { username: "segunda_pagina", name: "Loja", createdAt: new Date("2026-03-10T12:00:00Z"), members: { create: { userId: ana.id, role: "owner" } } },
    });
    await db.page.create({ data: { username: "terceira_pagina", name: "Off", active: false, members: { create: { userId: ana.id, role: "owner" } } } });
    const stats = await getAdminStats(now);
    expect(stats).toMatchObject({ totalUsers: 1, totalPages: 3, activePages: 2, usersCreatedToday: 0, pagesCreatedToday: 1 });
  });

  it("answers zeros on an empty platform", async () => {
    const stats = await getAdminStats(new Date("2026-03-10T15:00:00Z"));
    expect(stats).toMatchObject({ totalPages: 0, totalLinks: 0, totalProfileViews: 0, totalLinkClicks: 0, usersCreatedToday: 0 });
    expect(stats.daily.every((p) => p.signups === 0 && p.views === 0 && p.clicks === 0)).toBe(true);
  });
});
