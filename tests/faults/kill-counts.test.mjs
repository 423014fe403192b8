// kill -9 while views and clicks pour in on PostgreSQL (group commit on the
// server's fast path): once the app has started again, every count a client
// received a 204 for is stored, in every total (links, days, sources). A 204
// is sent only after its group committed, so nothing acknowledged is lost;
// the only counts stored without a 204 are ones whose answer the kill cut off.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { PORT_BASE, SECRET, call, createLinks, freshDatabase, freshIp, query, register, sleep, startApp, tempDir } from "./lib.mjs";

const PHONE_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 339.0.0.12.93";
const CLIENTS = 60;

let database;
after(async () => database?.drop());

test("kill -9 under a flood of counts: every acknowledged count is stored, none lost", { timeout: 170_000 }, async (t) => {
  database = await freshDatabase();
  const env = { DATABASE_URL: database.url, DATA_DIR: tempDir("vitrine-faults-counts-"), AUTH_SECRET: SECRET, TRUST_PROXY: "true" };
  let app = await startApp({ port: PORT_BASE + 7, env });
  const { cookie } = await register(app.base, "conta");
  const links = await createLinks(app.base, cookie, 3);

  const tally = { view: { acked: 0, cut: 0, other: 0 }, click: { acked: 0, cut: 0, other: 0 } };
  let stop = false;
  let n = 0;
  const client = async () => {
    while (!stop) {
      n += 1;
      const kind = n % 3 === 0 ? "view" : "click";
      const path = kind === "view" ? "/api/profiles/conta/view" : `/api/links/${links[n % links.length].id}/click`;
      try {
        const res = await call(app.base, path, {
          method: "POST",
          ip: freshIp(),
          headers: { "user-agent": PHONE_UA, "content-type": "text/plain;charset=UTF-8" },
          body: { referrer: n % 2 ? "https://www.tiktok.com/" : "" },
          timeout: 20_000,
        });
        if (res.status === 204) tally[kind].acked++;
        else tally[kind].other++;
      } catch {
        // The kill cut this request off: it may or may not have been committed.
        tally[kind].cut++;
        return;
      }
    }
  };
  const running = Array.from({ length: CLIENTS }, client);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && tally.view.acked + tally.click.acked < 3_000) await sleep(5);
  await app.kill9();
  stop = true;
  await Promise.all(running);
  const acked = tally.view.acked + tally.click.acked;
  assert.ok(acked >= 1_000, `counts were flowing when the process died (${acked} acknowledged)`);
  assert.equal(tally.view.other + tally.click.other, 0, "every count answered before the kill was a 204");

  app = await startApp({ port: PORT_BASE + 7, env });
  assert.equal((await call(app.base, "/conta")).status, 200, "the app works again");
  await app.stop();

  const [{ views, clicks }] = await query(database.url, `SELECT COALESCE(SUM(views), 0)::int AS views, COALESCE(SUM(clicks), 0)::int AS clicks FROM "DailyProfileStat"`);
  const [{ linkClicks }] = await query(database.url, `SELECT COALESCE(SUM(clicks), 0)::int AS "linkClicks" FROM "Link"`);
  const [{ dayClicks }] = await query(database.url, `SELECT COALESCE(SUM(clicks), 0)::int AS "dayClicks" FROM "DailyLinkStat"`);
  const [{ sourceViews, sourceClicks }] = await query(
    database.url,
    `SELECT COALESCE(SUM(views), 0)::int AS "sourceViews", COALESCE(SUM(clicks), 0)::int AS "sourceClicks" FROM "DailyBreakdownStat" WHERE kind = 'source'`,
  );
  // Every total moved together (one transaction per group): none half-counted.
  assert.equal(linkClicks, clicks, "the links' totals equal the days' clicks");
  assert.equal(dayClicks, clicks, "the links' days equal the profile's days");
  assert.deepEqual([sourceViews, sourceClicks], [views, clicks], "the sources add up to the totals");
  // None lost: everything acknowledged is there; anything more was cut off by the kill.
  assert.ok(views >= tally.view.acked && views <= tally.view.acked + tally.view.cut, `views: ${views} stored, ${tally.view.acked} acknowledged, ${tally.view.cut} cut off`);
  assert.ok(clicks >= tally.click.acked && clicks <= tally.click.acked + tally.click.cut, `clicks: ${clicks} stored, ${tally.click.acked} acknowledged, ${tally.click.cut} cut off`);

  t.diagnostic(
    `views ${tally.view.acked} acknowledged / ${views} stored, clicks ${tally.click.acked} acknowledged / ${clicks} stored; ` +
      `${tally.view.cut + tally.click.cut} requests cut off by the kill; stored − acknowledged = ${views + clicks - acked}`,
  );
});
