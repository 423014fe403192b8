// PostgreSQL dies under light load and comes back: requests fail fast with
// 503 and a pt-BR message (JSON for the API, a short page for HTML), the
// health check says so, everything works again without restarting the app,
// and no multi-step write is left half done.
//
// The database is a private PostgreSQL cluster started by this test, so the
// machine's shared server (used by other test runs) is never stopped.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  PASSWORD,
  PORT_BASE,
  SECRET,
  UNAVAILABLE,
  call,
  createLinks,
  freshIp,
  login,
  looksLikeStack,
  privatePostgres,
  query,
  register,
  sleep,
  startApp,
  tempDir,
} from "./lib.mjs";

// A person on a phone (isbot takes a bare "Mozilla/5.0 (iPhone)" for a bot, which is never counted).
const PHONE_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 339.0.0.12.93";

const HEALTHY_MS = 2_500;
const OUTAGE_MS = 5_000;
/** A request that has not answered after this long is a hang. */
const HANG_MS = 8_000;

let cluster;
let app;
before(async () => {
  cluster = privatePostgres(PORT_BASE + 9);
  app = await startApp({
    port: PORT_BASE + 2,
    env: { DATABASE_URL: cluster.url, DATA_DIR: tempDir("vitrine-faults-db-"), AUTH_SECRET: SECRET, TRUST_PROXY: "true" },
  });
});
after(async () => {
  await app?.stop();
  cluster?.destroy();
});

/** Every answer, with when it started relative to the outage. */
const seen = [];
let stopLoad = false;
const now = () => performance.now();

async function probe(name, fn) {
  const started = now();
  let res;
  let error;
  try {
    res = await fn();
  } catch (e) {
    error = e;
  }
  seen.push({ name, started, ended: now(), status: res?.status, res, error: error?.message });
  return res;
}

/** Runs `step` again and again, `pauseMs` apart, until the load stops. */
async function loop(pauseMs, step) {
  while (!stopLoad) {
    await step();
    await sleep(pauseMs);
  }
}

function shuffled(xs) {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

test("PostgreSQL stopped under load: fast 503s in pt-BR, recovery without a restart, nothing half done", { timeout: 150_000 }, async (t) => {
  // ---- two owners: one reordered and clicked, one whose links are created and deleted
  const rita = await register(app.base, "rita");
  const ritaLinks = await createLinks(app.base, rita.cookie, 12, "Rita");
  const leo = await register(app.base, "leo");
  await createLinks(app.base, leo.cookie, 3, "Leo");
  const timeout = HANG_MS;

  let clicksAttempted = 0;
  let clicksAcknowledged = 0;
  const load = [
    // visitors and the owner's screens, a few per second each
    loop(250, () => probe("health", () => call(app.base, "/api/health", { timeout }))),
    loop(250, () => probe("public page", () => call(app.base, "/rita", { timeout }))),
    loop(250, () => probe("GET /api/links", () => call(app.base, "/api/links", { cookie: rita.cookie, timeout }))),
    loop(400, () => probe("dashboard page", () => call(app.base, "/dashboard", { cookie: rita.cookie, timeout }))),
    loop(400, () => probe("login", () => login(app.base, "leo@example.com", { timeout }))),
    // multi-step writes: a reorder is n updates in one transaction
    loop(30, () =>
      probe("reorder", () =>
        call(app.base, "/api/links/reorder", {
          method: "POST",
          cookie: rita.cookie,
          timeout,
          body: { linkOrders: shuffled(ritaLinks).map((l, order) => ({ id: l.id, order })) },
        }),
      ),
    ),
    // a create locks the owner, counts and inserts; a delete locks, deletes and shifts
    loop(30, async () => {
      const res = await probe("create link", () =>
        call(app.base, "/api/links", { method: "POST", cookie: leo.cookie, timeout, body: { title: "Novo", url: "https://example.com/novo" } }),
      );
      if (res?.status === 201) {
        await probe("delete link", () => call(app.base, `/api/links/${res.json.id}`, { method: "DELETE", cookie: leo.cookie, timeout }));
      }
    }),
    // a click moves the link's total, its day and the owner's day in one transaction (a group commit)
    loop(30, async () => {
      const link = ritaLinks[Math.floor(Math.random() * ritaLinks.length)];
      clicksAttempted++;
      const res = await probe("click", () =>
        call(app.base, `/api/links/${link.id}/click`, { method: "POST", ip: freshIp(), timeout, headers: { "user-agent": PHONE_UA } }),
      );
      if (res?.status === 204) clicksAcknowledged++;
    }),
  ];

  await sleep(HEALTHY_MS);
  const downAt = now();
  cluster.stop();
  await sleep(OUTAGE_MS);
  const upAt = now();
  cluster.start();
  const restartedIn = now() - upAt;
  let recoveredAt;
  while (!recoveredAt && now() - upAt < 30_000) {
    const res = await call(app.base, "/api/health").catch(() => null);
    if (res?.status === 200) recoveredAt = now();
    else await sleep(50);
  }
  assert.ok(recoveredAt, "the health check never came back");
  await sleep(2_000);
  stopLoad = true;
  await Promise.all(load);

  // ---- nothing hung, nothing crashed, no stack trace anywhere
  assert.equal(app.alive(), true, "the app process must survive the outage");
  const hung = seen.filter((s) => s.error);
  assert.deepEqual(
    hung.map((s) => `${s.name}: ${s.error}`),
    [],
    "no request may hang or lose its connection",
  );
  const slowest = Math.max(...seen.map((s) => s.ended - s.started));
  assert.ok(slowest < 5_000, `every request answered within 5 s (slowest ${Math.round(slowest)} ms)`);
  for (const s of seen) assert.equal(looksLikeStack(s.res.text), false, `${s.name} ${s.status} shows internals: ${s.res.text.slice(0, 300)}`);

  // ---- before the outage: all fine
  const before = seen.filter((s) => s.ended < downAt);
  assert.deepEqual(
    before.filter((s) => s.status >= 500).map((s) => `${s.name} ${s.status}`),
    [],
    "no 5xx while the database is up",
  );

  // ---- during the outage: 503, pt-BR, for every kind of request
  const during = seen.filter((s) => s.started > downAt + 200 && s.ended < upAt);
  const firstFailure = {};
  for (const s of seen.filter((x) => x.started >= downAt - 50 && x.status >= 500)) firstFailure[s.name] ??= s.ended - downAt;
  const problems = [];
  const expect = (ok, message) => ok || problems.push(message);
  for (const s of during) {
    // A public page may still be answered while its cache is trusted; otherwise 503.
    if (s.name === "public page" && s.status === 200) continue;
    const what = `${s.name} during the outage (${s.status} ${s.res.text.slice(0, 120)})`;
    if (!expect(s.status === 503, `${what}: 503`)) continue;
    const type = s.res.headers.get("content-type") ?? "";
    if (s.name === "health") {
      expect(s.res.json?.ok === false && s.res.json?.db === "down", `${what}: {ok:false, db:"down"}`);
      continue;
    }
    expect(s.res.headers.get("retry-after") !== null, `${what}: Retry-After`);
    if (type.startsWith("text/html")) {
      expect(s.res.text.includes(UNAVAILABLE) && s.res.text.includes('lang="pt-BR"'), `${what}: the short pt-BR page`);
      expect(s.res.text.length < 2_000, `${what}: a short page (${s.res.text.length} bytes)`);
    } else {
      expect(s.res.json?.message === UNAVAILABLE, `${what}: the pt-BR JSON message`);
    }
  }
  assert.deepEqual([...new Set(problems)], [], "every request during the outage is a 503 in pt-BR");
  for (const name of ["health", "public page", "GET /api/links", "dashboard page", "login", "reorder", "create link", "click"]) {
    assert.ok(
      during.some((s) => s.name === name),
      `${name} was tried during the outage`,
    );
    assert.ok(firstFailure[name] !== undefined, `${name} failed during the outage`);
  }
  const timeTo503 = Math.max(...Object.values(firstFailure));
  assert.ok(timeTo503 < 3_000, `every route answered 503 within 3 s (slowest ${Math.round(timeTo503)} ms)`);

  // ---- after: the same process serves everything again
  const pid = app.child.pid;
  const afterwards = seen.filter((s) => s.started > recoveredAt + 500);
  const unhandled = () =>
    app
      .log()
      .split("\n")
      .filter((l) => l.includes("request.unhandled"))
      .slice(-3)
      .join("\n");
  assert.deepEqual(
    afterwards.filter((s) => s.status >= 500).map((s) => `${s.name} ${s.status}`),
    [],
    `no 5xx once the database is back; the app logged:\n${unhandled()}`,
  );
  assert.equal((await login(app.base, "rita@example.com", { password: PASSWORD })).status, 200, "login works again");
  const page = await call(app.base, "/rita");
  assert.equal(page.status, 200);
  assert.ok(page.text.includes("Pessoa rita") && page.text.includes("Rita 0"), "the public page renders");
  assert.equal((await call(app.base, "/dashboard", { cookie: rita.cookie })).status, 200, "the dashboard renders");
  assert.equal(app.child.pid, pid);

  // ---- nothing half done: positions unique and gapless, counters in step
  const users = await query(cluster.url, `SELECT id, username FROM "Page" ORDER BY username`);
  for (const u of users) {
    const orders = (await query(cluster.url, `SELECT "order" FROM "Link" WHERE "pageId" = $1 ORDER BY "order"`, [u.id])).map((r) => r.order);
    assert.deepEqual(
      orders,
      orders.map((_, i) => i),
      `${u.username}'s positions are 0..n-1`,
    );
  }
  const links = await query(
    cluster.url,
    `SELECT l.id, l.clicks, COALESCE(SUM(d.clicks), 0)::int AS daily FROM "Link" l LEFT JOIN "DailyLinkStat" d ON d."linkId" = l.id GROUP BY l.id`,
  );
  for (const l of links) assert.equal(l.daily, l.clicks, `link ${l.id}: daily clicks add up to its total`);
  const [{ total }] = await query(cluster.url, `SELECT COALESCE(SUM(clicks), 0)::int AS total FROM "Link"`);
  const [{ profileClicks }] = await query(
    cluster.url,
    `SELECT COALESCE(SUM(s.clicks), 0)::int AS "profileClicks" FROM "DailyProfileStat" s JOIN "Page" u ON u.id = s."pageId" WHERE u.username = 'rita'`,
  );
  assert.equal(profileClicks, total, "the owner's daily clicks equal the sum of the links' clicks");
  assert.ok(
    total >= clicksAcknowledged && total <= clicksAttempted,
    `counted ${total}: no acknowledged click lost (${clicksAcknowledged} acknowledged of ${clicksAttempted})`,
  );

  const reorders = seen.filter((s) => s.name === "reorder");
  t.diagnostic(
    `requests ${seen.length}; time to 503 (slowest route) ${Math.round(timeTo503)} ms; slowest answer ${Math.round(slowest)} ms; ` +
      `PostgreSQL restart ${Math.round(restartedIn)} ms; health 200 again ${Math.round(recoveredAt - upAt)} ms after the restart began; ` +
      `reorders ${reorders.filter((s) => s.status === 200).length} ok / ${reorders.filter((s) => s.status === 503).length} refused; ` +
      `clicks ${clicksAcknowledged} acknowledged, ${total} stored, ${clicksAttempted} tried`,
  );
  t.diagnostic(
    `first 503 per route (ms after the stop): ${JSON.stringify(Object.fromEntries(Object.entries(firstFailure).map(([k, v]) => [k, Math.round(v)])))}`,
  );
});
