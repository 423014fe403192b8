import { GET as page } from "../route";
import { GET as follow } from "./route";
import { GET as stats } from "@/app/api/stats/route";
import { GET as exportCsv } from "@/app/api/stats/export/route";
import { GET as linkStats } from "@/app/api/links/[id]/stats/route";
import { db } from "@/lib/server/db";
import { createUser, signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";
import { IN_APP_ANDROID, IN_APP_IOS, ORDINARY } from "@/tests/helpers/user-agents";

// api.md, Open in the app (fourth release): the short link answers a built-in
// browser on Android with the app's intent: address for a link with
// openInApp, and everyone else with the web address; a link without
// openInApp, or to another site, is never rewritten; every click is counted
// once; the public page is the same bytes for every User-Agent. A click sent
// to the app keeps its source (Instagram's browser: instagram), and is counted
// as sent to an app beside it (api.md, Fourth release put right).

const VIDEO = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
const VIDEO_INTENT =
  "intent://www.youtube.com/watch?v=dQw4w9WgXcQ#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DdQw4w9WgXcQ;end";
const PRODUCT = "https://shopee.com.br/Fone-de-Ouvido-Bluetooth-i.123456789.9876543210";
const PRODUCT_INTENT =
  "intent://shopee.com.br/Fone-de-Ouvido-Bluetooth-i.123456789.9876543210#Intent;scheme=https;package=com.shopee.br;S.browser_fallback_url=https%3A%2F%2Fshopee.com.br%2FFone-de-Ouvido-Bluetooth-i.123456789.9876543210;end";
const SHOP = "https://loja.exemplo.com.br/produto/42";

let ip = 0;
/** The short link followed by a person with this User-Agent, each from an address of their own (no flood cap). */
function visit(username: string, linkId: string, ua: string, query = "") {
  ip += 1;
  const req = request(`/${username}/${linkId}${query}`, { ip: `198.51.${100 + Math.floor(ip / 250)}.${1 + (ip % 250)}`, headers: { "user-agent": ua } });
  return follow(req, params({ username, linkId }));
}

/** The source each browser's click is stored under with no referrer: its network, by inapp-spy; an ordinary browser's is direct. */
const SOURCE_BY_APP: Record<string, string> = {
  Instagram: "instagram",
  Facebook: "facebook",
  Messenger: "facebook",
  TikTok: "tiktok",
  Threads: "threads",
  LinkedIn: "linkedin",
  X: "x",
  Snapchat: "snapchat",
};
const sourceOfBrowser = (name: string) => SOURCE_BY_APP[name.replace(/ \(.*\)$/, "")] ?? "direct";

async function creator(username = `abre_${Math.floor(Math.random() * 1e6)}`) {
  const user = await createUser({ username });
  const link = (order: number, title: string, url: string, openInApp: boolean) => db.link.create({ data: { pageId: user.id, title, url, order, openInApp } });
  return {
    user,
    video: await link(0, "Meu canal", VIDEO, true),
    product: await link(1, "Fone na Shopee", PRODUCT, true),
    videoPlain: await link(2, "Vídeo sem app", VIDEO, false),
    shop: await link(3, "Minha loja", SHOP, true),
  };
}

const clicksOf = async (id: string) => (await db.link.findUniqueOrThrow({ where: { id }, select: { clicks: true } })).clicks;
const sourcesOf = async (linkId: string) => Object.fromEntries((await db.dailyLinkSourceStat.findMany({ where: { linkId } })).map((r) => [r.source, r.clicks]));

describe("GET /{username}/{linkId} with openInApp", () => {
  const table = [
    ...Object.entries(IN_APP_ANDROID).map(([name, ua]) => [name, ua, true] as const),
    ...Object.entries(IN_APP_IOS).map(([name, ua]) => [name, ua, false] as const),
    ...Object.entries(ORDINARY).map(([name, ua]) => [name, ua, false] as const),
  ];

  it.each(table)("%s: the right Location for each link, each click counted once", async (_name, ua, toApp) => {
    const c = await creator();
    const cases = [
      [c.video.id, toApp ? VIDEO_INTENT : VIDEO],
      [c.product.id, toApp ? PRODUCT_INTENT : PRODUCT],
      // Never rewritten: no openInApp, or not a supported app's address.
      [c.videoPlain.id, VIDEO],
      [c.shop.id, SHOP],
    ] as const;
    for (const [linkId, location] of cases) {
      const res = await visit(c.user.username, linkId, ua);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(location);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await clicksOf(linkId)).toBe(1);
    }
    // Every click keeps its browser's source, opened in the app or not; those sent to the app are counted beside.
    const source = sourceOfBrowser(_name);
    for (const link of [c.video, c.product, c.videoPlain, c.shop]) expect(await sourcesOf(link.id)).toEqual({ [source]: 1 });
    const breakdown = await db.dailyBreakdownStat.findMany({ where: { pageId: c.user.id, kind: "source" } });
    expect(Object.fromEntries(breakdown.map((b) => [b.value, b.clicks]))).toEqual({ [source]: 4 });
    const profile = await db.dailyProfileStat.findMany({ where: { pageId: c.user.id } });
    expect(profile.map((p) => [p.clicks, p.sentToApp])).toEqual([[4, toApp ? 2 : 0]]);
  });

  it("counts the same link followed again as one click each time, in the app or not", async () => {
    const c = await creator();
    const android = IN_APP_ANDROID["Instagram (Android)"]!;
    const iphone = IN_APP_IOS["Instagram (iOS)"]!;
    for (const ua of [android, iphone, android]) await visit(c.user.username, c.video.id, ua);
    expect(await clicksOf(c.video.id)).toBe(3);
    expect(await sourcesOf(c.video.id)).toEqual({ instagram: 3 });
    expect((await db.dailyProfileStat.findFirstOrThrow({ where: { pageId: c.user.id } })).sentToApp).toBe(2);
  });

  it("the owner's statistics name a click from Instagram's Android browser 'instagram', and count it as sent to an app", async () => {
    const { cookie } = await signedInUser({ username: "dona_ig" });
    const page = await db.page.findUniqueOrThrow({ where: { username: "dona_ig" } });
    const video = await db.link.create({ data: { pageId: page.id, title: "Meu canal", url: VIDEO, order: 0, openInApp: true } });
    const res = await visit("dona_ig", video.id, IN_APP_ANDROID["Instagram (Android)"]!);
    expect(res.headers.get("location")).toBe(VIDEO_INTENT);
    // And one click from an ordinary browser: counted, not sent to the app.
    await visit("dona_ig", video.id, ORDINARY["Chrome (Android)"]!);

    const insights = await (await stats(request("/api/stats?days=7", { headers: { cookie } }))).json();
    expect(insights.clicks).toBe(2);
    expect(insights.sentToApp).toBe(1);
    expect(insights.sources).toEqual(
      expect.arrayContaining([
        { source: "instagram", views: 0, clicks: 1 },
        { source: "direct", views: 0, clicks: 1 },
      ]),
    );
    expect(insights.sources.map((s: { source: string }) => s.source)).not.toContain("app");
    const today = insights.daily[insights.daily.length - 1];
    expect(today).toMatchObject({ clicks: 2, sentToApp: 1 });
    expect(insights.daily.slice(0, -1).every((d: { sentToApp: number }) => d.sentToApp === 0)).toBe(true);

    const perLink = await (await linkStats(request(`/api/links/${video.id}/stats?days=7`, { headers: { cookie } }), params({ id: video.id }))).json();
    expect(perLink.sources).toEqual(
      expect.arrayContaining([
        { source: "instagram", clicks: 1 },
        { source: "direct", clicks: 1 },
      ]),
    );

    const csv = (await (await exportCsv(request("/api/stats/export?days=7", { headers: { cookie } }))).text()).trim().split("\n");
    expect(csv[0]).toBe("data,visualizacoes,visitantes,cliques,inscricoes,abertos_no_app");
    expect(csv[csv.length - 1]).toBe(`${today.date},0,2,2,0,1`); // two visitors, two clicks, one sent to the app
  });

  it("a sensitive link warns first (counting nothing), then 'Continuar' opens the app and counts once", async () => {
    const c = await creator();
    await db.link.update({ where: { id: c.video.id }, data: { sensitive: true } });
    const ua = IN_APP_ANDROID["TikTok (Android)"]!;
    const warning = await visit(c.user.username, c.video.id, ua);
    expect(warning.status).toBe(200);
    expect(await warning.text()).not.toContain("intent:");
    expect(await clicksOf(c.video.id)).toBe(0);
    const go = await visit(c.user.username, c.video.id, ua, "?continuar=1");
    expect(go.headers.get("location")).toBe(VIDEO_INTENT);
    expect(await clicksOf(c.video.id)).toBe(1);
  });

  it("sends a bot to the web address and counts nothing", async () => {
    const c = await creator();
    const bot = await visit(c.user.username, c.video.id, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)");
    expect(bot.headers.get("location")).toBe(VIDEO);
    expect(await clicksOf(c.video.id)).toBe(0);
  });

  it("never rewrites a link switched off later, even to a supported app", async () => {
    const c = await creator();
    await db.link.update({ where: { id: c.video.id }, data: { openInApp: false } });
    const res = await visit(c.user.username, c.video.id, IN_APP_ANDROID["Facebook (Android)"]!);
    expect(res.headers.get("location")).toBe(VIDEO);
    expect(await clicksOf(c.video.id)).toBe(1);
  });
});

describe("GET /{username}: one page for every visitor", () => {
  it("answers the same bytes (and ETag) whatever the User-Agent", async () => {
    const c = await creator();
    const agents = ["", ...Object.values(IN_APP_ANDROID), ...Object.values(IN_APP_IOS), ...Object.values(ORDINARY)];
    const answers = [];
    for (const ua of agents) {
      const res = await page(request(`/${c.user.username}`, { headers: ua ? { "user-agent": ua } : {} }), params({ username: c.user.username }));
      expect(res.status).toBe(200);
      answers.push({ body: Buffer.from(await res.arrayBuffer()), etag: res.headers.get("etag"), vary: res.headers.get("vary") });
    }
    const [first, ...rest] = answers;
    expect(first!.body.length).toBeGreaterThan(1000);
    expect(first!.body.toString("utf8")).toContain("Meu canal");
    for (const a of rest) {
      expect(a.body.equals(first!.body)).toBe(true);
      expect(a.etag).toBe(first!.etag);
    }
    expect(first!.vary ?? "").not.toMatch(/user-agent/i);
    // The page never holds an intent: address: the short link alone decides, per visitor.
    expect(first!.body.toString("utf8")).not.toContain("intent://www.youtube.com");
  });
});
