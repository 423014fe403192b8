// Forgot-password must not tell whether an address has an account by its
// time: median of ≥ 200 requests for existing and for missing addresses,
// interleaved, must differ by less than 10 %. Called from bench/run.mjs (the
// app runs with TRUST_PROXY=true, so each request gets its own client address
// and the per-client limit stays out of the way); each address is asked once,
// so the per-address limit does too.
import { performance } from "node:perf_hooks";
import pg from "pg";
import { median } from "./lib.mjs";

const SAMPLES = Number(process.env.BENCH_EMAIL_SAMPLES ?? 200);
const WARMUP = 20;

export async function emailTiming({ base, dbUrl, line }) {
  const run = Date.now().toString(36);
  const existing = Array.from({ length: SAMPLES + WARMUP }, (_, i) => `tempo-${run}-${i}@example.com`);
  const missing = Array.from({ length: SAMPLES + WARMUP }, (_, i) => `ausente-${run}-${i}@example.com`);
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "User" ("id", "name", "username", "email", "phone", "updatedAt")
       SELECT 'tempo' || $1 || '_' || i, 'Tempo', 'tempo' || $1 || '_' || i, e, '(11) 98765-4321', now()
       FROM unnest($2::text[]) WITH ORDINALITY AS t(e, i)`,
      [run, existing],
    );
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
  line(`median existing address ${a.toFixed(2)} ms, missing address ${b.toFixed(2)} ms: ${diff.toFixed(1)} % apart (target < 10 %) ${diff < 10 ? "PASS" : "FAIL"}`);
  return { existing: a, missing: b, diffPercent: diff };
}
