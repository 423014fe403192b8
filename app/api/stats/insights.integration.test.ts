import { insightsDtoSchema } from "@/lib/stats/stats-dto";
import { DELETE as resetStats, GET as stats } from "./route";
import { GET as exportCsv } from "./export/route";
import { GET as linkStats } from "@/app/api/links/[id]/stats/route";
import { POST as view } from "@/app/api/profiles/[username]/view/route";
import { POST as click } from "@/app/api/links/[id]/click/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { enforceRetention } from "@/lib/stats/retention";
import { addDays, saoPauloDay } from "@/lib/dates/sao-paulo-days";
import { dayToDate } from "@/lib/stats/days";
import { ownerInsights, ownerSummary } from "@/lib/stats/stats-queries";
import { signedInUser } from "@/tests/factories";
import { seedLinks } from "@/tests/helpers/links";
import { params, request } from "@/tests/helpers/request";
import { PHONE_UA } from "@/tests/helpers/visitor";

const DESKTOP_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const TIKTOK_UA =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/125.0.6422.165 Mobile Safari/537.36 trill_350003 BytedanceWebview/d8a21c6";
const FACEBOOK_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/450.0.0.38.108]";
const TABLET_UA = "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ANDROID_TABLET_UA = "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

let ip = 0;
const nextIp = () => `198.51.${(++ip >> 8) & 255}.${ip & 255}`;

type Visit = { referrer?: string; ua?: string; headers?: Record<string, string>; cookie?: string; ip?: string; text?: boolean };

function viewOf(username: string, v: Visit = {}) {
  const headers: Record<string, string> = { "user-agent": v.ua ?? DESKTOP_UA, ...v.headers };
  if (v.cookie) headers.cookie = v.cookie;
  if (v.text) headers["content-type"] = "text/plain;charset=UTF-8";
  const body = v.referrer === undefined ? undefined : v.text ? v.referrer : { referrer: v.referrer };
  return view(request(`/api/profiles/${username}/view`, { method: "POST", ip: v.ip ?? nextIp(), headers, body }), params({ username }));
}

function clickOf(id: string, v: Visit = {}) {
  const headers: Record<string, string> = { "user-agent": v.ua ?? DESKTOP_UA, ...v.headers };
  if (v.cookie) headers.cookie = v.cookie;
  const body = v.referrer === undefined ? undefined : { referrer: v.referrer };
  return click(request(`/api/links/${id}/click`, { method: "POST", ip: v.ip ?? nextIp(), headers, body }), params({ id }));
}

async function insights(cookie: string, days?: string) {
  const res = await stats(request(`/api/stats${days === undefined ? "" : `?days=${days}`}`, { headers: { cookie } }));
  return { status: res.status, body: await res.json() };
}

async function owner() {
  const s = await signedInUser({ username: "ana" });
  const links = await seedLinks(s.user.id, 2);
  return { ...s, links };
}

// api.md, Insights: the source of each count.
const SOURCES: [referrer: string, ua: string, source: string][] = [
  ["https://www.instagram.com/", DESKTOP_UA, "instagram"],
  ["https://l.instagram.com/?u=https%3A%2F%2Fvitrine.app%2Fana", DESKTOP_UA, "instagram"],
  ["", PHONE_UA, "instagram"],
  ["https://www.tiktok.com/@ana", DESKTOP_UA, "tiktok"],
  ["", TIKTOK_UA, "tiktok"],
  ["", "Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 musical_ly_35.1.0", "tiktok"],
  ["https://facebook.com/", DESKTOP_UA, "facebook"],
  ["https://l.facebook.com/l.php?u=x", DESKTOP_UA, "facebook"],
  ["https://m.facebook.com/", DESKTOP_UA, "facebook"],
  ["https://fb.com/", DESKTOP_UA, "facebook"],
  ["", FACEBOOK_UA, "facebook"],
  ["https://web.whatsapp.com/", DESKTOP_UA, "whatsapp"],
  ["https://wa.me/5511987654321", DESKTOP_UA, "whatsapp"],
  ["https://whatsapp.com/", DESKTOP_UA, "whatsapp"],
  ["https://x.com/ana", DESKTOP_UA, "x"],
  ["https://twitter.com/ana", DESKTOP_UA, "x"],
  ["https://t.co/abc", DESKTOP_UA, "x"],
  ["https://www.youtube.com/watch?v=1", DESKTOP_UA, "youtube"],
  ["https://youtu.be/1", DESKTOP_UA, "youtube"],
  ["https://www.linkedin.com/feed/", DESKTOP_UA, "linkedin"],
  ["https://lnkd.in/abc", DESKTOP_UA, "linkedin"],
  ["https://www.google.com/", DESKTOP_UA, "google"],
  ["https://www.google.com.br/", DESKTOP_UA, "google"],
  ["https://news.google.co.uk/", DESKTOP_UA, "google"],
  ["", DESKTOP_UA, "direct"],
  ["http://localhost:3000/ana", DESKTOP_UA, "direct"],
  ["https://www.Blog.Example.com.br/post", DESKTOP_UA, "blog.example.com.br"],
  ["https://google.example.org/", DESKTOP_UA, "google.example.org"],
];

describe("Insights: what each count records", () => {
  afterEach(() => {
    delete process.env.TRUST_PROXY;
    delete process.env.TRUST_PROXY_COUNTRY;
    resetEnvCache();
  });

  it("files each view under the source api.md names (referrer, then in-app browser)", async () => {
    const { cookie } = await owner();
    for (const [referrer, ua] of SOURCES) expect((await viewOf("ana", { referrer, ua })).status).toBe(204);
    const expected = new Map<string, number>();
    for (const [, , source] of SOURCES) expected.set(source, (expected.get(source) ?? 0) + 1);
    const { body } = await insights(cookie);
    expect(Object.fromEntries(body.sources.map((s: { source: string; views: number }) => [s.source, s.views]))).toEqual(Object.fromEntries(expected));
    const counts = body.sources.map((s: { views: number }) => s.views);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("takes the referrer as JSON or as plain text (sendBeacon), and the click's source from it", async () => {
    const { cookie, links } = await owner();
    expect((await viewOf("ana", { referrer: "https://www.tiktok.com/", text: true })).status).toBe(204);
    expect((await clickOf(links[0]!.id, { referrer: "https://www.tiktok.com/" })).status).toBe(204);
    expect((await clickOf(links[0]!.id, { referrer: "https://wa.me/55" })).status).toBe(204);
    const { body } = await insights(cookie);
    expect(body.sources).toEqual([
      { source: "tiktok", views: 1, clicks: 1 },
      { source: "whatsapp", views: 0, clicks: 1 },
    ]);
    const one = await linkStats(request(`/api/links/${links[0]!.id}/stats?days=7`, { headers: { cookie } }), params({ id: links[0]!.id }));
    const linkBody = await one.json();
    expect(linkBody.clicks).toBe(2);
    expect(linkBody.daily).toHaveLength(7);
    expect(linkBody.daily[6]).toEqual({ date: saoPauloDay(), clicks: 2 });
    expect(linkBody.sources).toEqual(
      expect.arrayContaining([
        { source: "tiktok", clicks: 1 },
        { source: "whatsapp", clicks: 1 },
      ]),
    );
  });

  it("refuses a bad body with 400 and counts nothing", async () => {
    const { cookie } = await owner();
    const bad = await view(
      request("/api/profiles/ana/view", { method: "POST", headers: { "user-agent": DESKTOP_UA }, body: "{not json" }),
      params({ username: "ana" }),
    );
    expect(bad.status).toBe(400);
    expect((await viewOf("ana", { referrer: "x".repeat(2049) })).status).toBe(400);
    const huge = await view(
      request("/api/profiles/ana/view", { method: "POST", headers: { "user-agent": DESKTOP_UA }, body: { referrer: "y".repeat(5000) } }),
      params({ username: "ana" }),
    );
    expect(huge.status).toBe(413);
    expect((await insights(cookie)).body.views).toBe(0);
  });

  it("tells mobile, tablet and desktop apart", async () => {
    const { cookie } = await owner();
    for (const ua of [PHONE_UA, TIKTOK_UA, TABLET_UA, ANDROID_TABLET_UA, DESKTOP_UA]) await viewOf("ana", { ua });
    expect((await insights(cookie)).body.devices).toEqual([
      { device: "mobile", views: 2 },
      { device: "tablet", views: 2 },
      { device: "desktop", views: 1 },
    ]);
  });

  it("reads the country from Cloudflare's header only with TRUST_PROXY_COUNTRY=cloudflare (Vercel's only on Vercel)", async () => {
    const { cookie } = await owner();
    await viewOf("ana", { headers: { "cf-ipcountry": "pt" } });
    // Behind a proxy that is not said to be Cloudflare, its header is anyone's.
    process.env.TRUST_PROXY = "true";
    resetEnvCache();
    await viewOf("ana", { headers: { "cf-ipcountry": "pt" } });
    process.env.TRUST_PROXY_COUNTRY = "cloudflare";
    resetEnvCache();
    await viewOf("ana", { headers: { "x-vercel-ip-country": "BR" } });
    await viewOf("ana", { headers: { "cf-ipcountry": "pt" } });
    await viewOf("ana", { headers: { "cf-ipcountry": "XX" } });
    await viewOf("ana", { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect((await insights(cookie)).body.countries).toEqual([
      { country: "unknown", views: 5 },
      { country: "PT", views: 1 },
    ]);
  });

  it("counts a visitor once a São Paulo day and again the next day, and keeps no address or User-Agent", async () => {
    const { user, cookie } = await owner();
    jest.useFakeTimers({
      now: new Date("2026-11-22T02:30:00Z"),
      doNotFake: ["nextTick", "setImmediate", "setTimeout", "setInterval", "clearTimeout", "clearInterval", "queueMicrotask", "performance", "hrtime"],
    });
    try {
      for (let i = 0; i < 3; i++) await viewOf("ana", { ip: "203.0.113.50" });
      await viewOf("ana", { ip: "203.0.113.50", ua: PHONE_UA });
      jest.setSystemTime(new Date("2026-11-22T03:00:01Z"));
      await viewOf("ana", { ip: "203.0.113.50" });
      await viewOf("ana", { ip: "203.0.113.50" });
    } finally {
      jest.useRealTimers();
    }
    const rows = await db.dailyProfileStat.findMany({ where: { pageId: user.id }, orderBy: { day: "asc" } });
    expect(rows.map((r) => [r.day.toISOString().slice(0, 10), r.views, r.visitors])).toEqual([
      ["2026-11-21", 4, 2],
      ["2026-11-22", 2, 1],
    ]);
    // The first day's key and marks went when the next day's key was made.
    expect((await db.visitorKey.findMany()).map((k) => k.day.toISOString().slice(0, 10))).toEqual(["2026-11-22"]);
    const marks = await db.dailyVisitorMark.findMany();
    expect(marks.map((m) => m.day.toISOString().slice(0, 10))).toEqual(["2026-11-22"]);
    expect(JSON.stringify(marks)).not.toMatch(/203\.0\.113\.50|Mozilla/);
    void cookie;
  });

  it("does not count the owner's own views and clicks", async () => {
    const { cookie, links } = await owner();
    expect((await viewOf("ana", { cookie })).status).toBe(204);
    expect((await clickOf(links[0]!.id, { cookie })).status).toBe(204);
    const other = await signedInUser({ username: "bruno" });
    expect((await viewOf("ana", { cookie: other.cookie })).status).toBe(204);
    const { body } = await insights(cookie);
    expect(body).toMatchObject({ views: 1, visitors: 1, clicks: 0 });
    expect((await db.link.findUniqueOrThrow({ where: { id: links[0]!.id } })).clicks).toBe(0);
  });
});

describe("Insights: the owner's calls", () => {
  it("answers 7, 30 or 90 days (default 30) and 400 for any other period", async () => {
    const { cookie } = await owner();
    for (const [days, length] of [
      ["7", 7],
      ["30", 30],
      ["90", 90],
      [undefined, 30],
    ] as const) {
      const { status, body } = await insights(cookie, days);
      expect(status).toBe(200);
      expect(body.daily).toHaveLength(length);
      expect(body.daily.at(-1).date).toBe(saoPauloDay());
    }
    for (const days of ["14", "0", "abc", "", "30.0"]) {
      const { status, body } = await insights(cookie, days);
      expect(status).toBe(400);
      expect(body.errors.days).toBe("Escolha um período de 7, 30 ou 90 dias.");
    }
    const csv = await exportCsv(request("/api/stats/export?days=365", { headers: { cookie } }));
    expect(csv.status).toBe(400);
  });

  it("computes totals, CTR and the per-link table", async () => {
    const { cookie, links } = await owner();
    for (let i = 0; i < 4; i++) await viewOf("ana", { ip: `203.0.113.${i}` });
    // Visitors who viewed the page, then clicked: still 4 visitors.
    await clickOf(links[1]!.id, { ip: "203.0.113.0" });
    await clickOf(links[1]!.id, { ip: "203.0.113.1" });
    await clickOf(links[0]!.id, { ip: "203.0.113.1" });
    const { body } = await insights(cookie, "7");
    expect(body).toMatchObject({ views: 4, visitors: 4, clicks: 3, ctr: 75 });
    expect(body.links.map((l: { id: string; clicks: number; ctr: number }) => [l.id, l.clicks, l.ctr])).toEqual([
      [links[1]!.id, 2, 50],
      [links[0]!.id, 1, 25],
    ]);
    expect(body.links[0].daily).toEqual([0, 0, 0, 0, 0, 0, 2]);
  });

  it("places each link's earlier days in its series, and leaves out days before the period", async () => {
    const { cookie, links } = await owner();
    const day = (offset: number) => dayToDate(addDays(saoPauloDay(), offset));
    await db.dailyLinkStat.createMany({
      data: [
        { linkId: links[0]!.id, day: day(-6), clicks: 3 },
        { linkId: links[0]!.id, day: day(-2), clicks: 5 },
        { linkId: links[0]!.id, day: day(-7), clicks: 100 },
        { linkId: links[1]!.id, day: day(0), clicks: 1 },
      ],
    });
    const { body } = await insights(cookie, "7");
    const series = Object.fromEntries(body.links.map((l: { id: string; daily: number[] }) => [l.id, l.daily]));
    expect(series[links[0]!.id]).toEqual([3, 0, 0, 0, 5, 0, 0]);
    expect(series[links[1]!.id]).toEqual([0, 0, 0, 0, 0, 0, 1]);
  });

  it("gives the dashboard's card the same totals and days as the statistics, without any link's series", async () => {
    const { user, links } = await owner();
    for (let i = 0; i < 3; i++) await viewOf("ana", { ip: `203.0.113.${i}` });
    await clickOf(links[0]!.id, { ip: "203.0.113.0" });
    await db.dailyProfileStat.create({ data: { pageId: user.id, day: dayToDate(addDays(saoPauloDay(), -9)), views: 7, visitors: 5, clicks: 2 } });
    const full = await ownerInsights(user.id, 30);
    const summary = await ownerSummary(user.id, 30);
    expect(summary).toEqual({ views: full.views, clicks: full.clicks, daily: full.daily.map(({ date, views, clicks }) => ({ date, views, clicks })) });
    expect(summary).toMatchObject({ views: 10, clicks: 3 });
    expect(Object.keys(summary).sort()).toEqual(["clicks", "daily", "views"]);
  });

  it("counts checkouts started and orders paid per day, with their revenue, and nothing of another page or before the period", async () => {
    const { cookie, user } = await owner();
    const { user: other } = await signedInUser({ username: "beto" });
    const today = saoPauloDay();
    await db.dailySalesStat.createMany({
      data: [
        { pageId: user.id, day: dayToDate(today), checkouts: 3, orders: 2, revenueCents: 5980 },
        { pageId: user.id, day: dayToDate(addDays(today, -4)), checkouts: 1, orders: 0, revenueCents: 0 },
        { pageId: user.id, day: dayToDate(addDays(today, -8)), checkouts: 5, orders: 5, revenueCents: 50_000 },
        { pageId: other.id, day: dayToDate(today), checkouts: 9, orders: 9, revenueCents: 9000 },
      ],
    });
    const { status, body } = await insights(cookie, "7");
    expect(status).toBe(200);
    expect(body).toMatchObject({ checkouts: 4, orders: 2, revenueCents: 5980 });
    const sales = body.daily.map((d: { date: string; checkouts: number; orders: number; revenueCents: number }) => [
      d.date,
      d.checkouts,
      d.orders,
      d.revenueCents,
    ]);
    expect(sales[6]).toEqual([today, 3, 2, 5980]);
    expect(sales[2]).toEqual([addDays(today, -4), 1, 0, 0]);
    expect(sales.filter((d: unknown[]) => d[1] !== 0 || d[2] !== 0)).toHaveLength(2);
    // The answer still has every field it had (views, clicks, daily's date, views, clicks...).
    expect(insightsDtoSchema.parse(body)).toBeTruthy();
    expect((await insights(cookie, "30")).body).toMatchObject({ checkouts: 9, orders: 7, revenueCents: 55_980 });
  });

  it("exports the same daily numbers as CSV", async () => {
    const { cookie, links } = await owner();
    await db.dailyProfileStat.create({
      data: { pageId: (await db.user.findFirstOrThrow()).id, day: dayToDate(addDays(saoPauloDay(), -3)), views: 7, visitors: 5, clicks: 2, subscribers: 1 },
    });
    await viewOf("ana");
    await clickOf(links[0]!.id);
    const res = await exportCsv(request("/api/stats/export?days=7", { headers: { cookie } }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="vitrine-ana-7dias\.csv"$/);
    const lines = (await res.text()).trimEnd().split("\n");
    expect(lines[0]).toBe("data,visualizacoes,visitantes,cliques,inscricoes,abertos_no_app");
    const { body } = await insights(cookie, "7");
    expect(lines.slice(1)).toEqual(
      body.daily.map(
        (d: { date: string; views: number; visitors: number; clicks: number; subscribers: number; sentToApp: number }) =>
          `${d.date},${d.views},${d.visitors},${d.clicks},${d.subscribers},${d.sentToApp}`,
      ),
    );
    expect(lines[4]).toBe(`${addDays(saoPauloDay(), -3)},7,5,2,1,0`);
  });

  it("zeroes every statistic of the caller's page and links, and only the caller's", async () => {
    const { cookie, links } = await owner();
    const other = await signedInUser({ username: "bruno" });
    const [otherLink] = await seedLinks(other.user.id, 1);
    await viewOf("ana", { referrer: "https://instagram.com/" });
    await clickOf(links[0]!.id);
    await viewOf("bruno");
    await clickOf(otherLink!.id);
    const res = await resetStats(request("/api/stats", { method: "DELETE", headers: { cookie } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const { body } = await insights(cookie);
    expect(body).toMatchObject({ views: 0, visitors: 0, clicks: 0, ctr: 0, sources: [], devices: [], countries: [] });
    expect(body.links.every((l: { clicks: number }) => l.clicks === 0)).toBe(true);
    expect((await db.link.findUniqueOrThrow({ where: { id: links[0]!.id } })).clicks).toBe(0);
    expect((await insights(other.cookie)).body).toMatchObject({ views: 1, clicks: 1 });
    expect((await db.link.findUniqueOrThrow({ where: { id: otherLink!.id } })).clicks).toBe(1);
    const crossSite = await resetStats(request("/api/stats", { method: "DELETE", headers: { cookie: other.cookie, origin: "https://evil.example" } }));
    expect(crossSite.status).toBe(403);
    expect((await insights(other.cookie)).body.views).toBe(1);
  });

  it("never shows another user's data: their link's stats are 404, and nothing without a session", async () => {
    const { cookie } = await owner();
    const other = await signedInUser({ username: "bruno" });
    const [otherLink] = await seedLinks(other.user.id, 1);
    await clickOf(otherLink!.id);
    const res = await linkStats(request(`/api/links/${otherLink!.id}/stats`, { headers: { cookie } }), params({ id: otherLink!.id }));
    expect(res.status).toBe(404);
    expect((await insights(cookie)).body.clicks).toBe(0);
    expect((await stats(request("/api/stats"))).status).toBe(401);
    expect((await exportCsv(request("/api/stats/export"))).status).toBe(401);
    expect((await resetStats(request("/api/stats", { method: "DELETE" }))).status).toBe(401);
  });

  it("deletes days past STATS_RETENTION_DAYS, on however many instances run the job", async () => {
    const { user, links } = await owner();
    process.env.STATS_RETENTION_DAYS = "30";
    resetEnvCache();
    try {
      const today = saoPauloDay();
      for (const back of [0, 29, 30, 200]) {
        const day = dayToDate(addDays(today, -back));
        await db.dailyProfileStat.create({ data: { pageId: user.id, day, views: 1 } });
        await db.dailyBreakdownStat.create({ data: { pageId: user.id, day, kind: "source", value: "direct", views: 1 } });
        await db.dailyLinkStat.create({ data: { linkId: links[0]!.id, day, clicks: 1 } });
        await db.dailyLinkSourceStat.create({ data: { linkId: links[0]!.id, day, source: "direct", clicks: 1 } });
      }
      const runs = await Promise.all([enforceRetention(), enforceRetention(), enforceRetention()]);
      // Two days of four tables, and of the platform's daily figures (PlatformDailyStat); the
      // partitioned tables' older month goes as whole partitions (lib/stats/partitions.ts), each
      // reported as one piece of work: what is left is checked below.
      expect(runs.some((r) => r.ran)).toBe(true);
      expect(runs.reduce((n, r) => n + r.deleted, 0)).toBeGreaterThanOrEqual(7);
      const kept = (await db.dailyProfileStat.findMany({ orderBy: { day: "asc" } })).map((r) => r.day.toISOString().slice(0, 10));
      expect(kept).toEqual([addDays(today, -29), today]);
      expect(await db.dailyBreakdownStat.count()).toBe(2);
      expect(await db.dailyLinkStat.count()).toBe(2);
      expect(await db.dailyLinkSourceStat.count()).toBe(2);
      const platformDays = await db.platformDailyStat.findMany({ distinct: ["day"], orderBy: { day: "asc" } });
      expect(platformDays.map((r) => r.day.toISOString().slice(0, 10))).toEqual([addDays(today, -29), today]);
    } finally {
      delete process.env.STATS_RETENTION_DAYS;
      resetEnvCache();
    }
  });
});
