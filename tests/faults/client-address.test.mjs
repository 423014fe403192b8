// Whose address limits and counts a request (api.md, Trust and accuracy).
// Under plain `next start` with no proxy setting no address can be known:
// no count bucket is shared by every visitor, so a thousand counts from many
// visitors are all stored, and the start log says once that limits by
// address are off. Under `npm start` the socket's address is known (no such
// line), and behind a proxy (TRUST_PROXY=1) the count fast path of server.mjs
// caps a client however it rewrites the left of X-Forwarded-For.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { PORT_BASE, SECRET, call, freshDatabase, query, register, startApp, tempDir } from "./lib.mjs";

const UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 339.0";
const NO_ADDRESS = '"event":"client_address.unknown"';
const occurrences = (text, part) => text.split(part).length - 1;

/** `n` calls of `one(i)`, `width` at a time. */
async function pooled(n, width, one) {
  const results = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) {
        const i = next++;
        results[i] = await one(i);
      }
    }),
  );
  return results;
}

const views = async (url) => (await query(url, `SELECT coalesce(sum("views"), 0)::int AS "n" FROM "DailyProfileStat"`))[0].n;

describe("next start, no TRUST_PROXY: no address is known", () => {
  let database;
  let app;
  before(async () => {
    database = await freshDatabase();
    app = await startApp({
      port: PORT_BASE,
      env: { DATABASE_URL: database.url, AUTH_SECRET: SECRET, DATA_DIR: tempDir("vitrine-faults-address-") },
      entry: ["node_modules/next/dist/bin/next", "start", "-p", String(PORT_BASE), "-H", "127.0.0.1"],
    });
  });
  after(async () => {
    await app?.stop();
    await database?.drop();
  });

  test("the start log says once that limits by address are off, and how to turn them on", () => {
    const log = app.log();
    assert.equal(occurrences(log, NO_ADDRESS), 1, log.slice(-3000));
    const line = log.split("\n").find((l) => l.includes(NO_ADDRESS));
    assert.match(line, /TRUST_PROXY/);
    assert.match(line, /npm start/);
    assert.match(log, /"event":"server.ready"[^\n]*"clientAddress":"none"/);
  });

  test("1,000 counts from many visitors are all stored (no bucket shared by every visitor)", async () => {
    await register(app.base, "ana");
    const statuses = await pooled(1_000, 16, (i) =>
      call(app.base, "/api/profiles/ana/view", {
        method: "POST",
        // Each visitor claims an address of its own; none is believed.
        headers: { "user-agent": `${UA} v${i}`, "x-forwarded-for": `198.51.${i >> 8}.${i & 255}`, "content-type": "text/plain;charset=UTF-8" },
        body: undefined,
        timeout: 30_000,
      }).then((r) => r.status),
    );
    const tally = statuses.reduce((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {});
    assert.deepEqual(tally, { 204: 1_000 });
    assert.equal(await views(database.url), 1_000);
    assert.deepEqual(await query(database.url, `SELECT "key" FROM "RateLimit" WHERE "key" LIKE 'count:%'`), []);
    // Said at start, once: never again per request.
    assert.equal(occurrences(app.log(), NO_ADDRESS), 1);
  });
});

describe("npm start behind one proxy (TRUST_PROXY=1)", () => {
  let database;
  let app;
  before(async () => {
    database = await freshDatabase();
    app = await startApp({
      port: PORT_BASE + 1,
      env: { DATABASE_URL: database.url, AUTH_SECRET: SECRET, DATA_DIR: tempDir("vitrine-faults-address-"), TRUST_PROXY: "1" },
    });
  });
  after(async () => {
    await app?.stop();
    await database?.drop();
  });

  test("the address is known: no warning at start", () => {
    assert.equal(occurrences(app.log(), NO_ADDRESS), 0, app.log().slice(-3000));
    assert.match(app.log(), /"event":"server.ready"[^\n]*"clientAddress":"proxy"/);
  });

  test("the count fast path caps a client at 60 a minute whatever it writes on the left of X-Forwarded-For", async () => {
    await register(app.base, "ana");
    const count = (spoofed, client) =>
      call(app.base, "/api/profiles/ana/view", {
        method: "POST",
        headers: { "user-agent": UA, "x-forwarded-for": `${spoofed}, ${client}` },
      }).then((r) => r.status);
    const statuses = [];
    for (let i = 0; i < 61; i++) statuses.push(await count(`198.51.100.${i}`, "192.0.2.10"));
    assert.deepEqual(statuses.slice(0, 60), new Array(60).fill(204));
    assert.equal(statuses[60], 429);
    // Another client, whose address the first one wrote on the left, is not limited.
    assert.equal(await count("192.0.2.10", "192.0.2.20"), 204);
    assert.equal(await views(database.url), 61);
  });
});
