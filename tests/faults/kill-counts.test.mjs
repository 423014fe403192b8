// kill -9 while views and clicks pour in on PostgreSQL (group commit on the
// server's fast path): once the app has started again, the stored counts are
// exactly the 204s the clients received, in every total (links, days,
// sources). A 204 is sent only after its group committed, so nothing
// acknowledged is lost; a count whose answer the kill cut off may have been
// committed or not, so its client sends it again with the same id, as the
// beacon's ids allow, and the server counts that id once whichever it was.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, test } from "node:test";
import { PORT_BASE, SECRET, call, createLinks, freshDatabase, freshIp, query, register, sleep, startApp, tempDir } from "./lib.mjs";

const PHONE_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 339.0.0.12.93";
const CLIENTS = 60;

let database;
after(async () => database?.drop());

test("kill -9 under a flood of counts, cut-off counts retried with their id: stored = acknowledged, exactly", { timeout: 170_000 }, async (t) => {
  database = await freshDatabase();
  const env = { DATABASE_URL: database.url, DATA_DIR: tempDir("vitrine-faults-counts-"), AUTH_SECRET: SECRET, TRUST_PROXY: "true" };
  let app = await startApp({ port: PORT_BASE + 7, env });
  const { cookie } = await register(app.base, "conta");
  const links = await createLinks(app.base, cookie, 3);

  // The ids of the counts each kind got a 204 for; the requests the kill cut off.
  const acked = { view: new Set(), click: new Set() };
  const cut = [];
  let other = 0;
  let stop = false;
  let n = 0;
  /** One count as the beacon sends it (JSON as text, its own id); resolves with the answer or throws when cut off. */
  const send = (count) =>
    call(app.base, count.path, {
      method: "POST",
      ip: count.ip,
      headers: { "user-agent": PHONE_UA, "content-type": "text/plain;charset=UTF-8" },
      body: { referrer: count.referrer, id: count.id },
      timeout: 20_000,
    });
  const client = async () => {
    while (!stop) {
      n += 1;
      const kind = n % 3 === 0 ? "view" : "click";
      const path = kind === "view" ? "/api/profiles/conta/view" : `/api/links/${links[n % links.length].id}/click`;
      const count = { kind, path, ip: freshIp(), referrer: n % 2 ? "https://www.tiktok.com/" : "", id: randomUUID() };
      try {
        const res = await send(count);
        if (res.status === 204) acked[kind].add(count.id);
        else other++;
      } catch {
        // The kill cut this request off: it may or may not have been committed.
        cut.push(count);
        return;
      }
    }
  };
  const running = Array.from({ length: CLIENTS }, client);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && acked.view.size + acked.click.size < 3_000) await sleep(5);
  await app.kill9();
  stop = true;
  await Promise.all(running);
  const ackedBeforeKill = acked.view.size + acked.click.size;
  assert.ok(ackedBeforeKill >= 1_000, `counts were flowing when the process died (${ackedBeforeKill} acknowledged)`);
  assert.equal(other, 0, "every count answered before the kill was a 204");

  app = await startApp({ port: PORT_BASE + 7, env });
  assert.equal((await call(app.base, "/conta")).status, 200, "the app works again");
  // What the kill left stored, before any retry.
  const atRestart = await storedTotals(database.url);
  const storedAtRestart = atRestart.views + atRestart.clicks;
  // Each cut-off count is sent again with its id until it is answered, as its
  // client would retry it (all at once, as the clients are many).
  const retry = async (count) => {
    for (let attempt = 1; ; attempt++) {
      const res = await send(count).catch((error) => (attempt < 10 ? null : Promise.reject(error)));
      if (res) return res;
      await sleep(250);
    }
  };
  for (const [i, res] of (await Promise.all(cut.map(retry))).entries()) {
    assert.equal(res.status, 204, `the retry of a cut-off ${cut[i].kind} is answered 204 (${res.text})`);
    acked[cut[i].kind].add(cut[i].id);
  }
  await app.stop();

  const { views, clicks } = await storedTotals(database.url);
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
  // None lost, none invented: one stored count per id acknowledged, retries included.
  assert.equal(views, acked.view.size, `views: ${views} stored, ${acked.view.size} distinct ids acknowledged`);
  assert.equal(clicks, acked.click.size, `clicks: ${clicks} stored, ${acked.click.size} distinct ids acknowledged`);

  // Cut-off counts the retry found already stored (committed just before the kill).
  const duplicates = cut.length - (views + clicks - storedAtRestart);
  t.diagnostic(
    `views ${acked.view.size} acknowledged / ${views} stored, clicks ${acked.click.size} acknowledged / ${clicks} stored; ` +
      `${cut.length} requests cut off by the kill and retried with their id, ${duplicates} of them already stored (duplicates on retry)`,
  );
});

async function storedTotals(url) {
  const [row] = await query(url, `SELECT COALESCE(SUM(views), 0)::int AS views, COALESCE(SUM(clicks), 0)::int AS clicks FROM "DailyProfileStat"`);
  return row;
}
