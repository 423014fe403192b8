import { POST as view } from "@/app/api/profiles/[username]/view/route";
import { POST as click } from "@/app/api/links/[id]/click/route";
import { db } from "@/lib/server/db";
import { metricsText } from "@/lib/server/metrics";
import { storeCounts, type CountRequest } from "@/lib/stats/count-store";
import { saoPauloDay } from "@/lib/stats/days";
import { enforceRetention } from "@/lib/stats/retention";
import { insightsStrings } from "@/lib/strings/insights";
import { signedInUser } from "@/tests/factories";
import { seedLinks } from "@/tests/helpers/links";
import { params, request } from "@/tests/helpers/request";
import { PHONE_UA } from "@/tests/helpers/visitor";

// Idempotent counts: a count id stored once makes its retries 204s that add
// nothing, in every total, on one instance or several at once.

let ip = 0;
const nextIp = () => `198.51.${(++ip >> 8) & 255}.${ip & 255}`;
let serial = 0;
const freshId = () => `retry-id-${String(++serial).padStart(8, "0")}`;

type Visit = { id?: unknown; ip?: string; cookie?: string };
const headersOf = (v: Visit) => ({ "user-agent": PHONE_UA, ...(v.cookie ? { cookie: v.cookie } : {}) });
const viewOf = (username: string, v: Visit = {}) =>
  view(
    request(`/api/profiles/${username}/view`, {
      method: "POST",
      ip: v.ip ?? nextIp(),
      headers: headersOf(v),
      body: { referrer: "https://www.tiktok.com/", id: v.id },
    }),
    params({ username }),
  );
const clickOf = (id: string, v: Visit = {}) =>
  click(
    request(`/api/links/${id}/click`, { method: "POST", ip: v.ip ?? nextIp(), headers: headersOf(v), body: { referrer: "https://www.tiktok.com/", id: v.id } }),
    params({ id }),
  );

async function owner() {
  const s = await signedInUser({ username: "ana" });
  const [link] = await seedLinks(s.user.id, 1);
  return { ...s, link: link! };
}

/** Every total a count moves, summed over all rows. */
async function totals() {
  const profiles = await db.dailyProfileStat.findMany();
  const sources = await db.dailyBreakdownStat.findMany({ where: { kind: "source" } });
  const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((a, r) => a + f(r), 0);
  return {
    views: sum(profiles, (p) => p.views),
    visitors: sum(profiles, (p) => p.visitors),
    clicks: sum(profiles, (p) => p.clicks),
    linkClicks: sum(await db.link.findMany(), (l) => l.clicks),
    linkDays: sum(await db.dailyLinkStat.findMany(), (d) => d.clicks),
    linkSources: sum(await db.dailyLinkSourceStat.findMany(), (d) => d.clicks),
    sourceViews: sum(sources, (s) => s.views),
    sourceClicks: sum(sources, (s) => s.clicks),
  };
}
const once = { views: 1, visitors: 1, clicks: 1, linkClicks: 1, linkDays: 1, linkSources: 1, sourceViews: 1, sourceClicks: 1 };

async function duplicatesReported(kind: "view" | "click") {
  const line = (await metricsText()).body.split("\n").find((l) => l.startsWith(`vitrine_counts_refused_total{kind="${kind}",reason="duplicate"}`));
  return line ? Number(line.split(" ").pop()) : 0;
}

function countOf(kind: "view" | "click", target: string, id: string | null, client = nextIp()): CountRequest {
  return { kind, target, viewerPages: [], client, day: saoPauloDay(), source: "direct", device: "mobile", country: "unknown", visitor: `v-${client}`, id };
}

describe("count ids", () => {
  it("counts a view and a click sent twice with the same id once, in every total, and reports the duplicates", async () => {
    const { link } = await owner();
    const [viewId, clickId] = [freshId(), freshId()];
    const [viewsBefore, clicksBefore] = [await duplicatesReported("view"), await duplicatesReported("click")];
    const visitor = nextIp();
    for (let i = 0; i < 2; i++) {
      expect((await viewOf("ana", { id: viewId, ip: visitor })).status).toBe(204);
      expect((await clickOf(link.id, { id: clickId, ip: visitor })).status).toBe(204);
    }
    expect(await totals()).toEqual(once);
    expect((await db.countReceipt.findMany({ orderBy: { id: "asc" } })).map((r) => r.id)).toEqual([viewId, clickId].sort());
    expect([await duplicatesReported("view"), await duplicatesReported("click")]).toEqual([viewsBefore + 1, clicksBefore + 1]);
  });

  it("counts copies of one id arriving at once once, in one group or from instances committing together", async () => {
    const { link } = await owner();
    const id = freshId();
    // One process: the copies join the same group.
    const answers = await Promise.all(Array.from({ length: 5 }, () => clickOf(link.id, { id })));
    expect(answers.map((r) => r.status)).toEqual([204, 204, 204, 204, 204]);
    expect((await totals()).clicks).toBe(1);
    // Several instances: separate statements with the same id at once.
    const other = freshId();
    const groups = await Promise.all(Array.from({ length: 4 }, () => storeCounts([countOf("click", link.id, other), countOf("view", "ana", null)])));
    expect(groups.map((g) => g[0]!.status).sort()).toEqual(["counted", "duplicate", "duplicate", "duplicate"]);
    expect(groups.every((g) => g[1]!.status === "counted")).toBe(true);
    // In one statement, a copy takes the first copy's outcome.
    const third = freshId();
    const [first, copy] = await storeCounts([countOf("click", link.id, third), countOf("click", link.id, third)]);
    expect([first!.status, copy!.status]).toEqual(["counted", "duplicate"]);
    const t = await totals();
    expect([t.clicks, t.linkClicks, t.linkDays, t.linkSources, t.sourceClicks, t.views]).toEqual([3, 3, 3, 3, 3, 4]);
    expect(await db.countReceipt.count()).toBe(3);
  });

  it("keeps no receipt of a refused count, so its retry may count; a duplicate spends no flood-cap budget", async () => {
    const { cookie, link } = await owner();
    const flood = "203.0.113.50";
    const retried = freshId();
    expect((await viewOf("ana", { id: retried, ip: flood })).status).toBe(204);
    // Retries of a stored count do not eat into the client's 60 a minute.
    for (let i = 0; i < 70; i++) expect((await viewOf("ana", { id: retried, ip: flood })).status).toBe(204);
    for (let i = 0; i < 59; i++) expect((await clickOf(link.id, { id: freshId(), ip: flood })).status).toBe(204);
    const limited = freshId();
    expect((await clickOf(link.id, { id: limited, ip: flood })).status).toBe(429);
    expect(await db.countReceipt.findUnique({ where: { id: limited } })).toBeNull();
    // Not found and the owner's own visit leave no receipt either.
    const missing = freshId();
    const own = freshId();
    expect((await clickOf("nao-existe", { id: missing })).status).toBe(404);
    expect((await viewOf("ana", { id: own, cookie })).status).toBe(204);
    expect(await db.countReceipt.count({ where: { id: { in: [missing, own] } } })).toBe(0);
    // Once the window is over, the refused count's retry counts.
    await db.rateLimit.deleteMany({ where: { key: `count:ip:${flood}` } });
    expect((await clickOf(link.id, { id: limited, ip: flood })).status).toBe(204);
    expect(await totals()).toMatchObject({ views: 1, clicks: 60, linkClicks: 60 });
  });

  it("answers 400 for a malformed id and changes nothing", async () => {
    const { link } = await owner();
    for (const id of ["curto", "x".repeat(65), "com espaço 1234567890", "ponto.e.virgula;123456", 12345678901234567, null]) {
      const res = await clickOf(link.id, { id });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ errors: { id: insightsStrings.invalidCountId } });
      expect((await viewOf("ana", { id })).status).toBe(400);
    }
    expect(await totals()).toMatchObject({ views: 0, clicks: 0, linkClicks: 0 });
    expect(await db.countReceipt.count()).toBe(0);
    expect(await db.rateLimit.count()).toBe(0);
    // 16 and 64 characters of the alphabet are fine.
    expect((await clickOf(link.id, { id: "a".repeat(16) })).status).toBe(204);
    expect((await clickOf(link.id, { id: "Z_-9".repeat(16) })).status).toBe(204);
  });

  it("the hourly retention deletes receipts older than an hour and keeps the others", async () => {
    await owner();
    const now = new Date();
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    await db.countReceipt.createMany({
      data: [
        { id: "receipt-of-61-min", at: ago(61) },
        { id: "receipt-of-2-days", at: ago(2 * 24 * 60) },
        { id: "receipt-of-59-min", at: ago(59) },
      ],
    });
    const counted = freshId();
    expect((await viewOf("ana", { id: counted })).status).toBe(204);
    expect((await enforceRetention(now)).ran).toBe(true);
    expect((await db.countReceipt.findMany({ orderBy: { id: "asc" } })).map((r) => r.id)).toEqual([counted, "receipt-of-59-min"].sort());
    // A receipt written by a count is stamped in UTC like every timestamp: gone an hour later.
    await enforceRetention(new Date(now.getTime() + 61 * 60_000));
    expect(await db.countReceipt.count()).toBe(0);
  });
});
