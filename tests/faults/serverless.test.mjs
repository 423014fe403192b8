// The production build as a serverless host runs it: `next start` with
// SERVERLESS=1 (no server.mjs), behind a proxy that freezes the process with
// SIGSTOP two seconds after its last response and thaws it at the next
// request. E-mail (a message the mail server holds never holds up the next
// request's), password recovery, counting, page changes and the jobs
// route must do all their work within the request or its after() time:
// nothing may wait for a later request. Then two such instances share one
// PostgreSQL through PgBouncer in transaction mode (as Neon's pooled address).
// Then one instance as a Vercel function, behind a fake of Vercel's CDN: the
// CDN keeps public pages, and a change purges them by tag. Last, a page whose
// rendering fails while the database is down is the app's short pt-BR page,
// as under npm start (tests/faults/database.test.mjs).
import assert from "node:assert/strict";
import http from "node:http";
import { Webhook } from "standardwebhooks";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import {
  PASSWORD,
  PORT_BASE,
  SECRET,
  UNAVAILABLE,
  call,
  cookieOf,
  createLinks,
  freshDatabase,
  login,
  looksLikeStack,
  privatePostgres,
  query,
  register,
  sleep,
  tempDir,
} from "./lib.mjs";
import { freezingProxy, migrate, startPgBouncer, startServerless, startSmtp, tokenIn } from "./serverless.mjs";

const GRACE_MS = 2_000;
/** How long a test waits, sending nothing, for work the last request started. */
const QUIET_MS = GRACE_MS + 3_000;
const CRON_SECRET = "cron-secret-cron-secret-0123";
const METRICS_TOKEN = "metrics-token-metrics-token-0123";
const UA = { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 339.0" };

describe("one instance, frozen between requests", () => {
  let database;
  let smtp;
  let app;
  let host;
  before(async () => {
    database = await freshDatabase();
    smtp = await startSmtp();
    migrate(database.url);
    app = await startServerless({
      port: PORT_BASE + 10,
      env: {
        DATABASE_URL: database.url,
        AUTH_SECRET: SECRET,
        TRUST_PROXY: "true",
        SMTP_URL: smtp.url,
        CRON_SECRET,
        METRICS_TOKEN,
        DATA_DIR: tempDir("vitrine-serverless-"),
        NEXT_PUBLIC_APP_URL: `http://127.0.0.1:${PORT_BASE + 11}`,
        // Webhooks to this test's receiver on 127.0.0.1, as in development.
        ALLOW_PRIVATE_OUTBOUND: "1",
      },
    });
    host = await freezingProxy({ port: PORT_BASE + 11, app, graceMs: GRACE_MS });
  });
  after(async () => {
    await host?.close();
    await app?.stop();
    await database?.drop();
  });

  test("the verification e-mail of a sign-up arrives with no later request", async () => {
    await register(host.base, "serena");
    // Nothing more is asked: the instance runs out its grace and is frozen.
    await sleep(QUIET_MS);
    assert.ok(host.isFrozen(), "the instance is frozen");
    const [mail] = await smtp.waitFor("serena@example.com", 1, 0);
    assert.ok(mail, `no verification e-mail\n${app.log().slice(-2000)}`);
    assert.match(mail.text, /\/verify-email\?token=/);
  });

  test("password recovery: the reset link and the notice arrive with no later request", async () => {
    await register(host.base, "renata");
    await smtp.waitFor("renata@example.com", 1, QUIET_MS);
    const asked = await call(host.base, "/api/auth/forgot-password", { method: "POST", body: { email: "renata@example.com" } });
    assert.equal(asked.status, 200, asked.text);
    const mails = await smtp.waitFor("renata@example.com", 2, QUIET_MS);
    assert.equal(mails.length, 2, "the reset e-mail arrived");
    const token = tokenIn(mails[1], "/reset-password");

    const reset = await call(host.base, "/api/auth/reset-password", {
      method: "POST",
      body: { token, password: "novaSenha123", confirmPassword: "novaSenha123" },
    });
    assert.equal(reset.status, 200, reset.text);
    const all = await smtp.waitFor("renata@example.com", 3, QUIET_MS);
    assert.equal(all.length, 3, "the notice of the new password arrived");
    assert.equal((await login(host.base, "renata@example.com", { password: "novaSenha123" })).status, 200);

    // An unknown address answers the same, and no message leaves.
    const unknown = await call(host.base, "/api/auth/forgot-password", { method: "POST", body: { email: "ninguem@example.com" } });
    assert.equal(unknown.status, asked.status);
    assert.deepEqual(unknown.json, asked.json);
  });

  test("a message the mail server holds 4 s does not hold up the next request's: it arrives within 1 s of its request; the held one is sent once", async (t) => {
    await register(host.base, "vagarosa");
    await register(host.base, "apressada");
    assert.equal((await smtp.waitFor("vagarosa@example.com", 1, QUIET_MS)).length, 1);
    assert.equal((await smtp.waitFor("apressada@example.com", 1, QUIET_MS)).length, 1);
    const reset = (email) => call(host.base, "/api/auth/forgot-password", { method: "POST", body: { email } });
    smtp.state.hold = (to) => (to.includes("vagarosa@example.com") ? 4_000 : 0);
    try {
      const slow = await reset("vagarosa@example.com");
      assert.equal(slow.status, 200, slow.text);
      for (const end = Date.now() + 3_000; smtp.state.inFlight === 0; await sleep(20)) {
        if (Date.now() > end) assert.fail(`the first message did not reach the mail server\n${app.log().slice(-2000)}`);
      }

      const asked = Date.now();
      const fast = await reset("apressada@example.com");
      assert.equal(fast.status, 200, fast.text);
      const mails = await smtp.waitFor("apressada@example.com", 2, 3_000);
      assert.equal(mails.length, 2, "the second reset e-mail arrived");
      const took = mails[1].at - asked;
      t.diagnostic(`second message arrived ${took} ms after its request was sent; the first was still held`);
      assert.ok(took < 1_000, `${took} ms`);
      assert.equal(smtp.received.filter((m) => m.to.includes("vagarosa@example.com")).length, 1, "the held one is not accepted yet");

      // The server accepts the held message 4 s after it came; the instance,
      // frozen 2 s after its last response, has usually not read that answer yet.
      const held = await smtp.waitFor("vagarosa@example.com", 2, 6_000);
      assert.equal(held.length, 2, "the held message was accepted");
      const row = `SELECT "sentAt" IS NOT NULL AS sent, "lockedUntil" IS NOT NULL AS claimed, attempts FROM "OutboxMessage" WHERE "to" = 'vagarosa@example.com' ORDER BY "createdAt" DESC LIMIT 1`;
      const [midSend] = await query(database.url, row);
      t.diagnostic(`held message when the server accepted it: ${host.isFrozen() ? "instance frozen" : "instance running"}, row ${JSON.stringify(midSend)}`);
      assert.equal(midSend.attempts, 1);
      // Thawed by the next request, it finishes that send: marked sent, once.
      assert.equal((await call(host.base, "/api/health")).status, 200);
      for (const end = Date.now() + QUIET_MS; !(await query(database.url, row))[0].sent; await sleep(100)) {
        if (Date.now() > end) assert.fail(`the held message is not marked sent\n${app.log().slice(-2000)}`);
      }
      assert.deepEqual(await query(database.url, row), [{ sent: true, claimed: false, attempts: 1 }]);
      await sleep(QUIET_MS);
      assert.equal(smtp.received.filter((m) => m.to.includes("vagarosa@example.com")).length, 2, "sent once");
      assert.equal(smtp.received.filter((m) => m.to.includes("apressada@example.com")).length, 2, "sent once");
    } finally {
      smtp.state.hold = null;
    }
  });

  test("views and clicks are stored before their 204, on a frozen instance", async () => {
    const { cookie } = await register(host.base, "contada");
    const [link] = await createLinks(host.base, cookie, 1);
    await sleep(QUIET_MS);
    const view = await call(host.base, "/api/profiles/contada/view", { method: "POST", ip: "10.90.0.1", headers: UA, body: { referrer: "" } });
    assert.equal(view.status, 204, view.text);
    await sleep(QUIET_MS);
    const click = await call(host.base, `/api/links/${link.id}/click`, { method: "POST", ip: "10.90.0.1", headers: UA, body: { referrer: "" } });
    assert.equal(click.status, 204, click.text);
    const [row] = await query(
      database.url,
      `SELECT s.views, s.clicks FROM "DailyProfileStat" s JOIN "Page" u ON u.id = s."pageId" WHERE u.username = 'contada'`,
    );
    assert.deepEqual(row, { views: 1, clicks: 1 });
  });

  test("a page change shows at the next request, even after a freeze", async () => {
    const { cookie } = await register(host.base, "mudanca");
    const [link] = await createLinks(host.base, cookie, 1, "Antes");
    for (let i = 0; i < 3; i++) assert.match((await call(host.base, "/mudanca")).text, /Antes 0/);
    const edited = await call(host.base, `/api/links/${link.id}`, {
      method: "PUT",
      cookie,
      body: { title: "Depois", url: "https://example.com/depois", active: true },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.match((await call(host.base, "/mudanca")).text, /Depois/);
    await sleep(QUIET_MS);
    const page = await call(host.base, "/mudanca");
    assert.match(page.text, /Depois/);
    assert.doesNotMatch(page.text, /Antes 0/);
  });

  test("request counts by route are recorded by the app itself, with no server.mjs", async () => {
    const { cookie } = await register(host.base, "medida");
    const [link] = await createLinks(host.base, cookie, 1);
    for (let i = 0; i < 3; i++) assert.equal((await call(host.base, "/medida")).status, 200);
    assert.equal((await call(host.base, "/api/profiles/medida/view", { method: "POST", ip: "10.91.0.1", headers: UA, body: { referrer: "" } })).status, 204);
    assert.equal((await call(host.base, `/api/links/${link.id}/click`, { method: "POST", ip: "10.91.0.1", headers: UA, body: { referrer: "" } })).status, 204);
    // What Next answers before any route (a public file, the proxy's redirect) is counted too, as under npm start.
    assert.equal((await call(host.base, "/icon.svg")).status, 200);
    assert.equal((await call(host.base, "/dashboard")).status, 307);
    const metrics = await call(host.base, "/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    assert.equal(metrics.status, 200, metrics.text);
    const count = (route, method, status) =>
      Number(
        new RegExp(`^vitrine_http_requests_total\\{route="${route.replace(/[[\]/()]/g, "\\$&")}",method="${method}",status="${status}"\\} (\\d+)$`, "m").exec(
          metrics.text,
        )?.[1] ?? 0,
      );
    assert.ok(count("/api/register", "POST", 201) >= 1, "sign-ups");
    assert.ok(count("/[username]", "GET", 200) >= 3, "public pages");
    assert.ok(count("/api/profiles/[username]/view", "POST", 204) >= 1, "counted views");
    assert.ok(count("(static)", "GET", 200) >= 1, "public files");
    assert.ok(count("/dashboard", "GET", 307) >= 1, "the proxy's redirects");
    assert.match(metrics.text, /^vitrine_http_request_duration_seconds_count\{route="\/api\/links\/\[id\]\/click",method="POST"\} [1-9]\d*$/m);
  });

  test("a webhook is delivered with no later request; one refused is sent again by the jobs route, with the same webhook-id", async () => {
    const received = [];
    let status = 200;
    const receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.writeHead(status).end();
      });
    });
    await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const { cookie } = await register(host.base, "ganchos_sl");
      const hook = await call(host.base, "/api/webhooks", {
        method: "POST",
        cookie,
        body: { url: `http://127.0.0.1:${receiver.address().port}/hook`, events: ["link.created"] },
      });
      assert.equal(hook.status, 201, hook.text);
      await createLinks(host.base, cookie, 1, "Gancho");
      // Nothing more is asked: the first try is the request's after() work, done before the freeze.
      await sleep(QUIET_MS);
      assert.ok(host.isFrozen(), "the instance is frozen");
      assert.equal(received.length, 1, `delivered once\n${app.log().slice(-2000)}`);
      const event = new Webhook(hook.json.secret).verify(received[0].body, received[0].headers);
      assert.equal(event.type, "link.created");
      assert.equal(event.data.title, "Gancho 0");

      // The receiver refuses the next one; its retry is due 5 s later, and only the jobs route (Vercel's cron) sends it.
      status = 500;
      await createLinks(host.base, cookie, 1, "Recusado");
      await sleep(QUIET_MS + 1_000);
      assert.equal(received.length, 2, "the first try, refused");
      status = 200;
      const jobs = await call(host.base, "/api/cron/jobs", { headers: { authorization: `Bearer ${CRON_SECRET}` }, timeout: 60_000 });
      assert.equal(jobs.status, 200, jobs.text);
      assert.equal(received.length, 3, "sent again by the jobs route, within its request");
      assert.equal(received[2].headers["webhook-id"], received[1].headers["webhook-id"]);
      assert.equal(new Webhook(hook.json.secret).verify(received[2].body, received[2].headers).data.title, "Recusado 0");
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  test("the jobs route: 401 without the secret; a failed e-mail is sent again by it", async () => {
    assert.equal((await call(host.base, "/api/cron/jobs")).status, 401);
    assert.equal((await call(host.base, "/api/cron/jobs", { headers: { authorization: "Bearer errado-errado-errado-errado" } })).status, 401);

    // The mail server refuses while the account is made: the verification e-mail fails once.
    smtp.state.failing = true;
    await register(host.base, "paciente");
    await sleep(QUIET_MS);
    smtp.state.failing = false;
    assert.equal((await smtp.waitFor("paciente@example.com", 1, 0)).length, 0);
    // Its retry is due later; as if that time had passed:
    await query(database.url, `UPDATE "OutboxMessage" SET "nextAttemptAt" = now() - interval '1 second' WHERE "to" = 'paciente@example.com'`);

    const jobs = await call(host.base, "/api/cron/jobs", { headers: { authorization: `Bearer ${CRON_SECRET}` }, timeout: 30_000 });
    assert.equal(jobs.status, 200, jobs.text);
    assert.equal(jobs.json.ok, true);
    assert.equal(typeof jobs.json.jobs, "object");
    const [mail] = await smtp.waitFor("paciente@example.com", 1, QUIET_MS);
    assert.ok(mail, "the retried e-mail arrived");
    const [row] = await query(database.url, `SELECT "sentAt" IS NOT NULL AS sent, attempts FROM "OutboxMessage" WHERE "to" = 'paciente@example.com'`);
    assert.deepEqual(row, { sent: true, attempts: 2 });
  });
});

describe("two instances through PgBouncer in transaction mode", () => {
  let database;
  let bouncer;
  let a;
  let b;
  let hostA;
  let hostB;
  before(async () => {
    database = await freshDatabase();
    bouncer = await startPgBouncer({ port: PORT_BASE + 12, targetUrl: database.url });
    // The build applies migrations through the direct address.
    migrate(database.url);
    const env = (name) => ({
      DATABASE_URL: bouncer.url,
      DATABASE_URL_UNPOOLED: database.url,
      AUTH_SECRET: SECRET,
      TRUST_PROXY: "true",
      DATA_DIR: tempDir(`vitrine-serverless-${name}-`),
    });
    [a, b] = await Promise.all([startServerless({ port: PORT_BASE + 13, env: env("a") }), startServerless({ port: PORT_BASE + 14, env: env("b") })]);
    hostA = await freezingProxy({ port: PORT_BASE + 15, app: a, graceMs: GRACE_MS });
    hostB = await freezingProxy({ port: PORT_BASE + 16, app: b, graceMs: GRACE_MS });
  });
  after(async () => {
    await Promise.all([hostA?.close(), hostB?.close()]);
    await Promise.all([a?.stop(), b?.stop()]);
    bouncer?.stop();
    await database?.drop();
  });

  test("a page edited on A is current on B within a second, B having been frozen", async (t) => {
    const { cookie } = await register(hostA.base, "luiza");
    const [first] = await createLinks(hostA.base, cookie, 2, "Luiza");
    for (let i = 0; i < 3; i++) assert.match((await call(hostB.base, "/luiza")).text, /Luiza 0/);
    await sleep(GRACE_MS + 500);
    assert.ok(hostB.isFrozen(), "B is frozen while A is edited");
    const patch = await call(hostA.base, `/api/links/${first.id}`, { method: "PATCH", cookie, body: { active: false } });
    assert.equal(patch.status, 200, patch.text);
    const started = performance.now();
    for (;;) {
      const page = await call(hostB.base, "/luiza");
      if (!page.text.includes("Luiza 0") && page.text.includes("Luiza 1")) break;
      if (performance.now() - started > 1_000) assert.fail(`B still shows the old page after 1 s`);
      await sleep(50);
    }
    t.diagnostic(`seen on B after ${Math.round(performance.now() - started)} ms`);
  });

  test("sessions, logouts and sign-in limits hold across the two", async () => {
    await register(hostA.base, "sofia");
    const cookie = cookieOf(await login(hostA.base, "sofia@example.com"));
    assert.equal((await call(hostB.base, "/api/user", { cookie })).status, 200);
    assert.equal((await call(hostA.base, "/api/logout", { method: "POST", cookie })).status, 200);
    assert.equal((await call(hostB.base, "/api/user", { cookie })).status, 401);

    await register(hostB.base, "caio");
    for (let i = 0; i < 10; i++) assert.equal((await login(hostA.base, "caio@example.com", { password: "errada123" })).status, 401);
    assert.equal((await login(hostB.base, "caio@example.com", { password: PASSWORD })).status, 429);
  });

  test("counts sent to both at once are all stored, one visitor on either", async () => {
    const { cookie } = await register(hostA.base, "contagem");
    const [link] = await createLinks(hostA.base, cookie, 1);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(i % 2 ? hostA.base : hostB.base, `/api/links/${link.id}/click`, {
          method: "POST",
          ip: `10.77.${(i >> 8) & 255}.${i & 255}`,
          headers: UA,
          timeout: 30_000,
        }),
      ),
    );
    assert.deepEqual([...new Set(answers.map((r) => r.status))], [204]);
    for (const base of [hostA.base, hostB.base]) {
      assert.equal((await call(base, "/api/profiles/contagem/view", { method: "POST", ip: "10.78.0.1", headers: UA })).status, 204);
    }
    const [row] = await query(
      database.url,
      `SELECT s.views, s.visitors, s.clicks FROM "DailyProfileStat" s JOIN "Page" u ON u.id = s."pageId" WHERE u.username = 'contagem'`,
    );
    assert.deepEqual(row, { views: 2, visitors: 201, clicks: 200 });
  });
});

describe("on Vercel: the CDN keeps public pages, and a change purges them", () => {
  let database;
  let app;
  let edge;
  before(async () => {
    database = await freshDatabase();
    migrate(database.url);
    app = await startServerless({
      port: PORT_BASE + 17,
      env: {
        DATABASE_URL: database.url,
        AUTH_SECRET: SECRET,
        VERCEL: "1",
        DATA_DIR: tempDir("vitrine-vercel-"),
        // Vercel's request context, with its purge API pointed at the fake CDN.
        NODE_OPTIONS: `--require ${fileURLToPath(new URL("./vercel-request-context.cjs", import.meta.url))}`,
        FAKE_VERCEL_PURGE_URL: `http://127.0.0.1:${PORT_BASE + 18}/.fake-vercel/purge`,
      },
    });
    edge = await freezingProxy({ port: PORT_BASE + 18, app, graceMs: GRACE_MS, cdn: true });
  });
  after(async () => {
    await edge?.close();
    await app?.stop();
    await database?.drop();
  });

  test("a page is answered by the CDN, the function asleep, until a change; then the next view is current", async (t) => {
    const { cookie, user } = await register(edge.base, "na_borda");
    const [link] = await createLinks(edge.base, cookie, 1, "Antes");
    // (The link's own purges, the second one a second later, are over.)
    await sleep(QUIET_MS);
    edge.purges.length = 0;
    const first = await call(edge.base, "/na_borda");
    assert.equal(first.status, 200);
    assert.equal(first.headers.get("x-vercel-cache"), "MISS");
    assert.equal(first.headers.get("cache-control"), "public, max-age=0, must-revalidate", "browsers still revalidate");
    assert.equal(first.headers.get("vercel-cache-tag"), null, "the CDN strips its headers");

    await sleep(QUIET_MS);
    assert.ok(edge.isFrozen());
    const kept = await call(edge.base, "/na_borda");
    assert.equal(kept.headers.get("x-vercel-cache"), "HIT");
    assert.match(kept.text, /Antes 0/);
    assert.ok(edge.isFrozen(), "the CDN answered; the function was not woken");

    const edited = await call(edge.base, `/api/links/${link.id}`, {
      method: "PUT",
      cookie,
      body: { title: "Depois", url: "https://example.com/depois", active: true },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.deepEqual(
      edge.purges.map((p) => [p.kind, p.tags]),
      [["delete", [`page-${user.id}`]]],
      "purged by the page's tag when the change answered",
    );
    const current = await call(edge.base, "/na_borda");
    assert.equal(current.headers.get("x-vercel-cache"), "MISS");
    assert.match(current.text, /Depois/);
    assert.doesNotMatch(current.text, /Antes 0/);

    // The same tag is deleted once more a second later (a copy drawn just before the change cannot outlive it), in the after() time.
    await sleep(GRACE_MS);
    assert.equal(edge.purges.length, 2);
    assert.deepEqual(edge.purges[1].tags, [`page-${user.id}`]);
    const gap = edge.purges[1].at - edge.purges[0].at;
    t.diagnostic(`second purge ${gap} ms after the first`);
    assert.ok(gap >= 1_000 && gap < GRACE_MS, `${gap} ms`);
    // It deleted the copy taken in between, too; the next one is kept.
    const redrawn = await call(edge.base, "/na_borda");
    assert.equal(redrawn.headers.get("x-vercel-cache"), "MISS");
    assert.match(redrawn.text, /Depois/);
    assert.equal((await call(edge.base, "/na_borda")).headers.get("x-vercel-cache"), "HIT");
  });

  test("a missing page and what the signed-in person sees are never kept", async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await call(edge.base, "/ninguem_mora_aqui");
      assert.equal(missing.status, 404);
      assert.equal(missing.headers.get("x-vercel-cache"), "MISS");
    }
    const { cookie } = await register(edge.base, "logada");
    for (let i = 0; i < 2; i++) assert.equal((await call(edge.base, "/api/user", { cookie })).headers.get("x-vercel-cache"), "MISS");
  });
});

describe("a page whose rendering fails, with no server.mjs", () => {
  let cluster;
  let app;
  before(async () => {
    cluster = privatePostgres(PORT_BASE + 19);
    migrate(cluster.url);
    app = await startServerless({
      port: PORT_BASE + 20,
      env: { DATABASE_URL: cluster.url, AUTH_SECRET: SECRET, TRUST_PROXY: "true", DATA_DIR: tempDir("vitrine-serverless-down-") },
    });
  });
  after(async () => {
    await app?.stop();
    cluster?.destroy();
  });

  test("is the short pt-BR page, 503 with Retry-After while the database is down, and the page again once it is back", async () => {
    const { cookie } = await register(app.base, "sem_banco");
    assert.equal((await call(app.base, "/dashboard", { cookie })).status, 200);
    cluster.stop();
    try {
      for (const [path, headers] of [
        ["/dashboard", { cookie }],
        ["/settings", { cookie }],
      ]) {
        const down = await call(app.base, path, { headers, timeout: 15_000 });
        assert.equal(down.status, 503, `${path}: ${down.text.slice(0, 300)}`);
        assert.match(down.headers.get("content-type") ?? "", /^text\/html/);
        assert.equal(down.headers.get("retry-after"), "5");
        assert.ok(down.text.includes(UNAVAILABLE), down.text.slice(0, 300));
        assert.ok(!looksLikeStack(down.text));
      }
      // What answers without the database still does.
      assert.equal((await call(app.base, "/login")).status, 200);
    } finally {
      cluster.start();
    }
    const started = performance.now();
    while ((await call(app.base, "/dashboard", { cookie })).status !== 200) {
      if (performance.now() - started > 15_000) assert.fail("the dashboard did not come back");
      await sleep(250);
    }
  });
});
