// E-mail timings, called from bench/run.mjs (BENCH_ONLY=email):
//
// 1. Forgot-password must not tell whether an address has an account by its
// time: median of ≥ 200 requests for existing and for missing addresses,
// interleaved, must differ by less than 10 %. (The app runs with
// TRUST_PROXY=true, so each request gets its own client address and the
// per-client limit stays out of the way; each address is asked once, so the
// per-address limit does too.)
//
// 2. A message behind slow ones (emailBehindSlow): under `next start` with
// SERVERLESS=1, an SMTP server of this process holds every message to a
// "lenta" address 4 s; five such reset requests, then one for a fast address:
// how long that message takes from its request to the server's acceptance,
// against the same message with nothing held (the baseline, same run). Alone:
// `node bench/email-timing.mjs` (after npm run build; BENCH_PORT + 8 is the
// app's port, BENCH_SMTP_PORT the mail server's, default a free one).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { BENCH_SECRET, median, ratio, startApp } from "./lib.mjs";

const SAMPLES = Number(process.env.BENCH_EMAIL_SAMPLES ?? 200);
const WARMUP = 20;

export async function emailTiming({ base, dbUrl, line }) {
  const run = Date.now().toString(36);
  const existing = Array.from({ length: SAMPLES + WARMUP }, (_, i) => `tempo-${run}-${i}@example.com`);
  const missing = Array.from({ length: SAMPLES + WARMUP }, (_, i) => `ausente-${run}-${i}@example.com`);
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await insertAccounts(client, `tempo${run}_`, "Tempo", existing);
  } finally {
    await client.end();
  }

  let n = 0;
  const ask = async (email) => {
    n += 1;
    const started = performance.now();
    const res = await fetch(`${base}/api/auth/forgot-password`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `172.16.${(n >> 8) & 255}.${n & 255}` },
      body: JSON.stringify({ email }),
    });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`forgot-password answered ${res.status} for ${email}`);
    return ms;
  };

  const times = { existing: [], missing: [] };
  for (let i = 0; i < SAMPLES + WARMUP; i++) {
    // Interleaved, in a random order each round: both kinds see the same load.
    const order = Math.random() < 0.5 ? ["existing", "missing"] : ["missing", "existing"];
    for (const kind of order) {
      const ms = await ask(kind === "existing" ? existing[i] : missing[i]);
      if (i >= WARMUP) times[kind].push(ms);
    }
  }
  const a = median(times.existing);
  const b = median(times.missing);
  const diff = (Math.abs(a - b) / Math.min(a, b)) * 100;
  line("");
  line(`Forgot-password timing (no account enumeration): ${SAMPLES} requests each, interleaved`);
  line(
    `median existing address ${a.toFixed(2)} ms, missing address ${b.toFixed(2)} ms: ${diff.toFixed(1)} % apart (target < 10 %) ${diff < 10 ? "PASS" : "FAIL"}`,
  );
  const behind = await emailBehindSlow({ dbUrl, port: Number(new URL(base).port) + 8, line });
  return { existing: a, missing: b, diffPercent: diff, behindSlow: behind };
}

const SLOW = 5;
const HOLD_MS = 4_000;
const ROUNDS = Number(process.env.BENCH_EMAIL_ROUNDS ?? 3);

/** Part 2 (see the top): its own database on `dbUrl`'s server, its own app and mail server. */
export async function emailBehindSlow({ dbUrl, port, line }) {
  const arrivals = new Map();
  const held = { now: 0 };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address);
      stream.resume();
      stream.on("end", () => {
        const slow = to.some((a) => a.startsWith("lenta"));
        if (slow) held.now += 1;
        setTimeout(
          () => {
            if (slow) held.now -= 1;
            for (const a of to) arrivals.set(a, performance.now());
            callback();
          },
          slow ? HOLD_MS : 0,
        );
      });
    },
  });
  await new Promise((resolve) => smtp.listen(Number(process.env.BENCH_SMTP_PORT ?? 0), "127.0.0.1", resolve));
  const database = await createDatabase(dbUrl, "vitrine_bench_mail");
  let app;
  try {
    app = await startApp({
      port,
      serverless: true,
      env: {
        DATABASE_URL: database.url,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "vitrine-bench-mail-")),
        AUTH_SECRET: BENCH_SECRET,
        TRUST_PROXY: "true",
        SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
      },
    });
    const rounds = ROUNDS * 2 + 1;
    const fast = Array.from({ length: rounds }, (_, r) => `rapida${r}@example.com`);
    const slow = Array.from({ length: ROUNDS * SLOW }, (_, i) => `lenta${i}@example.com`);
    await insertUsers(database.url, [...fast, ...slow]);
    let n = 0;
    const reset = async (email) => {
      n += 1;
      const res = await fetch(`${app.base}/api/auth/forgot-password`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `172.17.${(n >> 8) & 255}.${n & 255}` },
        body: JSON.stringify({ email }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`forgot-password answered ${res.status} for ${email}`);
    };
    const timeTo = async (email, limitMs) => {
      const asked = performance.now();
      await reset(email);
      while (!arrivals.has(email)) {
        if (performance.now() - asked > limitMs) throw new Error(`${email}: no message within ${limitMs} ms`);
        await new Promise((r) => setTimeout(r, 5));
      }
      return arrivals.get(email) - asked;
    };
    const settle = async () => {
      while (held.now > 0) await new Promise((r) => setTimeout(r, 50));
    };

    await timeTo(fast[0], 30_000); // warm-up: the route, the connection
    const alone = [];
    const behind = [];
    for (let r = 0; r < ROUNDS; r++) {
      alone.push(await timeTo(fast[1 + 2 * r], 30_000));
      await Promise.all(slow.slice(r * SLOW, (r + 1) * SLOW).map(reset));
      while (held.now === 0) await new Promise((r) => setTimeout(r, 5));
      behind.push(await timeTo(fast[2 + 2 * r], 10 * 60_000));
      await settle();
    }
    const a = median(alone);
    const b = median(behind);
    line("");
    line(`A message behind ${SLOW} slow ones (next start, SERVERLESS=1; the mail server holds each slow message ${HOLD_MS / 1000} s), ${ROUNDS} rounds`);
    line(
      `request to acceptance, median: alone ${a.toFixed(0)} ms [${alone.map((x) => x.toFixed(0)).join(", ")}], behind the slow ones ${b.toFixed(0)} ms [${behind.map((x) => x.toFixed(0)).join(", ")}]: ${ratio(b, a)}x alone (target: within 1 s)`,
    );
    return { alone: a, behind: b };
  } finally {
    await app?.stop();
    await database.drop();
    await new Promise((resolve) => smtp.close(resolve));
  }
}

async function insertUsers(url, emails) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await insertAccounts(client, "correio_", "Correio", emails);
  } finally {
    await client.end();
  }
}

/** Accounts `prefix` + i for `emails`, each with its first page (same id, username `prefix` + i), as registration makes them. */
async function insertAccounts(client, prefix, name, emails) {
  const rows = `SELECT $1::text || i AS id, e FROM unnest($2::text[]) WITH ORDINALITY AS t(e, i)`;
  await client.query(`INSERT INTO "User" ("id", "name", "email", "phone", "updatedAt") SELECT id, $3::text, e, '(11) 98765-4321', now() FROM (${rows}) r`, [
    prefix,
    emails,
    name,
  ]);
  await client.query(`INSERT INTO "Page" ("id", "username", "name", "updatedAt") SELECT id, id, $3::text, now() FROM (${rows}) r`, [prefix, emails, name]);
  await client.query(`INSERT INTO "PageMember" ("pageId", "userId", "role") SELECT id, id, 'owner' FROM (${rows}) r`, [prefix, emails]);
}

/** A fresh, migrated database on `serverUrl`'s (local) PostgreSQL. */
async function createDatabase(serverUrl, name) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const dbName = `${name}_${Date.now().toString(36)}`;
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const migrate = spawn("npm", ["run", "--silent", "db:migrate"], {
    env: { ...process.env, DATABASE_URL: url.toString() },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const [code] = await once(migrate, "exit");
  if (code !== 0) throw new Error(`npm run db:migrate exited with ${code}`);
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  if (!["127.0.0.1", "localhost", "::1"].includes(new URL(server).hostname)) throw new Error("bench refuses a non-local database");
  await emailBehindSlow({ dbUrl: server, port: Number(process.env.BENCH_PORT ?? 3400) + 8, line: (s) => console.log(s) });
}
