// A flood of sign-ups (api.md, Audience): 5,000 POST /api/subscribe/{blockId}
// at 100 connections, each with a valid proof of work, for 500 distinct
// addresses spread over 5 pages' subscribe blocks (the bench page and four
// more, an account's most; each address twice on every page), one client address per request (X-Forwarded-For, TRUST_PROXY=true),
// against the view count (POST /api/profiles/{username}/view, the same number
// at the same concurrency, one visitor address each) in the same run.
//
// What it asserts: every accepted sign-up (200) is stored (its page's row for
// its address) and nothing refused is; each address got at most one
// confirmation e-mail (the hourly slot per address over every page). The
// limits answer the rest: 5 sign-ups an hour per address (so at most 2,500
// of the 5,000 are accepted), 600 a minute per page.
//
// The proofs are made here, not fetched: challenges signed with the keys the
// server derives from its AUTH_SECRET (BENCH_SECRET; lib/audience/proof-of-work.ts
// powSecrets) and a small counter, then solved by altcha-lib. The server's
// verification is the same whatever the counter (two HMACs); fetching and
// solving 5,000 full-cost challenges on this machine would take many minutes.
import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import pg from "pg";
import { createChallenge, randomInt, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { BENCH_SECRET, PHONE_UA, api, ratio } from "./lib.mjs";

const TOTAL = 5_000;
const CONNECTIONS = 100;
const ADDRESSES = 500;
const PAGES = 5;

export async function benchSubscribeFlood({ base, cookie, dbUrl, line, secret = BENCH_SECRET, username = "bench" }) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    // ---- the bench page and four more of its account, each with a subscribe block
    // (written directly: the block's own editor is not under test here)
    const blocks = [];
    for (let i = 0; i < PAGES; i++) {
      const name = i === 0 ? username : `flood_${i}`;
      if (i > 0) {
        const res = await api(base, "/api/pages", { method: "POST", cookie, body: { username: name, name: `Página ${i}` } });
        if (res.status !== 201) throw new Error(`page ${name}: ${res.status} ${await res.text()}`);
      }
      const { rows } = await client.query(
        `SELECT p."id", (SELECT count(*)::int FROM "Link" l WHERE l."pageId" = p."id") AS "links" FROM "Page" p WHERE p."username" = $1`,
        [name],
      );
      const id = `flood${i}${randomUUID().slice(0, 8)}`;
      await client.query(
        `INSERT INTO "Link" ("id", "pageId", "title", "url", "order", "kind", "data", "updatedAt") VALUES ($1, $2, 'Lista VIP', '', $3, 'subscribe', $4, now())`,
        [id, rows[0].id, rows[0].links, JSON.stringify({ whatsapp: false, consent: "" })],
      );
      blocks.push(id);
    }

    // ---- the proofs, solved before the run
    const derive = (label) => createHmac("sha256", secret).update(`vitrine-altcha:${label}`).digest("hex");
    const keys = { hmacSignatureSecret: derive("signature"), hmacKeySignatureSecret: derive("key") };
    const solving = performance.now();
    const proofs = [];
    for (let i = 0; i < TOTAL; i++) {
      const challenge = await createChallenge({
        algorithm: "SHA-256",
        cost: 1,
        counter: randomInt(200, 50),
        deriveKey,
        expiresAt: new Date(Date.now() + 10 * 60_000),
        ...keys,
      });
      const solution = await solveChallenge({ challenge, deriveKey });
      proofs.push(Buffer.from(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } })).toString("base64"));
    }
    const solvingSeconds = ((performance.now() - solving) / 1000).toFixed(1);

    // Warm both routes (addresses outside the run's).
    for (let i = 0; i < 5; i++) {
      await post(base, `/api/profiles/${username}/view`, { referrer: "" }, `192.0.2.${i + 1}`);
      await post(base, `/api/subscribe/${blocks[0]}`, { email: "warm@example.com", consent: true, website: "x" }, `192.0.2.${i + 1}`);
    }

    // ---- the flood: request n is address n % 500 on page floor(n / 500)
    const signups = await flood(
      TOTAL,
      (n) => ({
        path: `/api/subscribe/${blocks[Math.floor(n / ADDRESSES) % PAGES]}`,
        body: { email: `pessoa${n % ADDRESSES}@example.com`, consent: true, altcha: proofs[n] },
        ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      }),
      base,
    );
    // ---- the baseline: as many view counts, one visitor address each
    const views = await flood(
      TOTAL,
      (n) => ({
        path: `/api/profiles/${username}/view`,
        body: { referrer: "https://l.instagram.com/", id: randomUUID() },
        ip: `11.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      }),
      base,
    );

    // ---- what the database holds
    const accepted = new Set();
    signups.outcomes.forEach((status, n) => {
      if (status === 200) accepted.add(`${blocks[Math.floor(n / ADDRESSES) % PAGES]}|pessoa${n % ADDRESSES}@example.com`);
    });
    const { rows: stored } = await client.query(`SELECT "blockId", "email" FROM "Subscriber" WHERE "blockId" = ANY($1)`, [blocks]);
    const storedSet = new Set(stored.map((r) => `${r.blockId}|${r.email}`));
    const missing = [...accepted].filter((k) => !storedSet.has(k)).length;
    const extra = [...storedSet].filter((k) => !accepted.has(k)).length;
    const { rows: mails } = await client.query(`SELECT "to", count(*)::int AS "n" FROM "OutboxMessage" WHERE "to" LIKE 'pessoa%@example.com' GROUP BY "to"`);
    const mostMails = Math.max(0, ...mails.map((m) => m.n));
    const counts = (o) =>
      Object.entries(o.byStatus)
        .map(([s, c]) => `${s}: ${c}`)
        .join(", ");

    line("");
    line(
      `Sign-up flood on PostgreSQL: ${TOTAL.toLocaleString("en")} sign-ups at ${CONNECTIONS} connections, valid proofs (solved in ${solvingSeconds} s before the run), ${ADDRESSES} addresses × ${PAGES} pages, one client address each`,
    );
    line(`sign-ups/s: ${signups.rate}; p50 ${signups.p50} ms, p99 ${signups.p99} ms; answers: ${counts(signups)}; errors: ${signups.errors}`);
    line(
      `accepted: ${accepted.size} (limit: 5 an hour per address = ${ADDRESSES * 5}); stored rows: ${storedSet.size}; accepted but not stored: ${missing}; stored but not accepted: ${extra}`,
    );
    line(`confirmation e-mails: ${mails.reduce((a, m) => a + m.n, 0)} to ${mails.length} addresses; most to one address: ${mostMails} (target ≤ 1)`);
    line(
      `baseline, view counts (POST /api/profiles/${username}/view) at ${CONNECTIONS} connections: ${views.rate} req/s; p50 ${views.p50} ms, p99 ${views.p99} ms; answers: ${counts(views)}`,
    );
    line(`ratio sign-ups/view counts: rate ${ratio(signups.rate, views.rate)}, p99 ${ratio(signups.p99, views.p99)}`);
    const ok = missing === 0 && extra === 0 && mostMails <= 1 && signups.errors === 0;
    line(`sign-up flood: ${ok ? "PASS" : "FAIL"}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await client.end();
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function post(base, path, body, ip) {
  const url = new URL(path, base);
  const data = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(data),
          "user-agent": PHONE_UA,
          "x-forwarded-for": ip,
          origin: url.origin,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      },
    );
    req.on("error", () => resolve(0));
    req.end(data);
  });
}

/** `total` requests, CONNECTIONS at a time (a closed loop per connection): each request's status and time, kept by its index. */
async function flood(total, make, base) {
  const outcomes = new Array(total);
  const times = new Array(total);
  let next = 0;
  const started = performance.now();
  let last = started;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let n = next++; n < total; n = next++) {
        const { path, body, ip } = make(n);
        const t = performance.now();
        outcomes[n] = await post(base, path, body, ip);
        last = performance.now();
        times[n] = last - t;
      }
    }),
  );
  const sorted = [...times].sort((a, b) => a - b);
  const byStatus = {};
  for (const s of outcomes) byStatus[s] = (byStatus[s] ?? 0) + 1;
  return {
    outcomes,
    byStatus,
    errors: byStatus[0] ?? 0,
    rate: Math.round(total / ((last - started) / 1000)),
    p50: Math.round(sorted[Math.floor(total * 0.5)]),
    p99: Math.round(sorted[Math.floor(total * 0.99)]),
  };
}
