// npm run bench:broadcast (after npm run build): a broadcast (issue 59) to BENCH_RECIPIENTS
// (default 100,000) confirmed subscribers, on a fresh PostgreSQL database under npm start (the
// schedule's jobs hand the recipients to the outbox, the background sender sends them), through
// an SMTP server on 127.0.0.1 (smtp-server, a process of its own), with BROADCAST_PER_MINUTE
// lifted. Every figure is a ratio to a baseline of the same run:
//  1. the SMTP server's own ceiling: messages a second a plain nodemailer pool (as many
//     connections as the app's SMTP_MAX_CONNECTIONS, each kept open) reaches against it, sending
//     BENCH_CEILING (default 20,000) copies of a broadcast message as the app made it (the owner's
//     test message); measured before and after the broadcast, the higher one kept;
//  2. the broadcast's messages a second (its first message to its last, at the SMTP server) ÷
//     that ceiling (≥ 0.8 wanted); lost and repeated messages (by address and Message-ID);
//  3. the owner's dashboard (GET /dashboard) p99 at a fixed rate while the broadcast sends ÷ the
//     same idle (≤ 1.2 wanted).
import { spawn, spawnSync } from "node:child_process";
import { setPriority } from "node:os";
import nodemailer from "nodemailer";
import { api, benchServer, cannon, ratio, summary } from "./lib.mjs";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const CEILING = Number(process.env.BENCH_CEILING ?? 20_000);
const CONNECTIONS = Number(process.env.SMTP_MAX_CONNECTIONS ?? 8);
/** The dashboard's load: a fixed rate, light enough that idle it is far from the server's limit. */
const DASHBOARD = { overallRate: 20, connections: 2, duration: 20 };
const DOMAIN = "lista.example";

// The SMTP server counts what it accepts, by phase: messages, distinct recipients and
// Message-IDs, the first and last acceptance, and the first message of each phase (the sample).
const SMTP = `
  const { SMTPServer } = require("smtp-server");
  let phase;
  const reset = (name) => (phase = { name, count: 0, bytes: 0, to: new Set(), ids: new Set(), first: 0, last: 0, sample: null });
  reset("start");
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (c) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        const head = raw.subarray(0, 4096).toString("latin1");
        const id = /^Message-ID:\\s*(\\S+)/im.exec(head)?.[1];
        const now = Date.now();
        phase.count += 1;
        phase.bytes += raw.length;
        for (const r of session.envelope.rcptTo) phase.to.add(r.address);
        if (id) phase.ids.add(id);
        phase.first ||= now;
        phase.last = now;
        phase.sample ??= raw.toString("latin1");
        callback();
      });
    },
  });
  server.listen(0, "127.0.0.1", () => process.send({ port: server.server.address().port }));
  process.on("message", (m) => {
    const { name, count, bytes, to, ids, first, last, sample } = phase;
    process.send({ name, count, bytes, to: to.size, ids: ids.size, first, last, sample: m === "sample" ? sample : null });
    if (m.startsWith?.("reset:")) reset(m.slice(6));
  });
`;
// The SMTP server stands for the operator's mail service, elsewhere in production: in Linux's
// idle scheduling class where it can be (as the app's background sender is), else at the lowest
// CPU priority, it takes from the app only the cores the app leaves idle (as bench:api's receiver).
const idleClass = spawnSync("chrt", ["--idle", "0", "true"], { stdio: "ignore" }).status === 0;
const smtpCommand = [process.execPath, "-e", SMTP];
const [smtpFile, ...smtpArgs] = idleClass ? ["chrt", "--idle", "0", ...smtpCommand] : smtpCommand;
const smtpProcess = spawn(smtpFile, smtpArgs, { stdio: ["ignore", "inherit", "inherit", "ipc"] });
setPriority(smtpProcess.pid, 19);
const smtpPort = await new Promise((resolve) => smtpProcess.once("message", (m) => resolve(m.port)));
/** The SMTP server's counts of the current phase; `m` "sample" adds its first message, "reset:<name>" starts another phase. */
const smtp = (m = "count") =>
  new Promise((resolve) => {
    smtpProcess.once("message", resolve);
    smtpProcess.send(m);
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const bench = await benchServer({
  name: "vitrine_bench_broadcast",
  env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, ALLOW_PRIVATE_OUTBOUND: "1", BROADCAST_PER_MINUTE: "1000000", SMTP_MAX_CONNECTIONS: String(CONNECTIONS) },
}).catch((error) => {
  smtpProcess.kill(); // the server did not start: the SMTP server must not outlive the bench
  throw error;
});

/** The ceiling: `count` copies of `raw` through a nodemailer pool of CONNECTIONS connections, each kept open. */
async function ceiling(raw, count) {
  await smtp("reset:ceiling");
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: CONNECTIONS,
    maxMessages: Infinity,
  });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: count }, (_, i) => transport.sendMail({ envelope: { from: "nao-responda@vitrine.example", to: `teto${i}@teto.example` }, raw })),
  );
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  const got = await smtp();
  if (got.count !== count) throw new Error(`ceiling: ${got.count} of ${count} accepted`);
  return count / seconds;
}

const dashboard = (cookie) => cannon({ url: `${bench.base}/dashboard`, headers: { cookie }, ...DASHBOARD });

try {
  const { base, cookie } = bench;
  // The page 8 days old, its owner verified, and its list, written straight into the database.
  await bench.query(`UPDATE "Page" SET "createdAt" = (now() AT TIME ZONE 'UTC') - interval '8 days' WHERE "username" = 'bench'`);
  await bench.query(`UPDATE "User" SET "emailVerified" = now() AT TIME ZONE 'UTC' WHERE "email" = 'bench@example.com'`);
  await bench.query(
    `INSERT INTO "Subscriber" ("id", "pageId", "source", "email", "status", "consentText", "consentVersion", "confirmedAt", "updatedAt")
     SELECT 'sub_' || i, p."id", 'Lista', 'leitor' || i || '@${DOMAIN}', 'confirmed', 'Quero receber novidades', 'v1',
       now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
     FROM "Page" p, generate_series(1, $1::int) AS i WHERE p."username" = 'bench'`,
    [RECIPIENTS],
  );
  await bench.query(`ANALYZE`);
  for (let i = 0; i < 3; i++) await api(base, "/api/links", { method: "POST", cookie, body: { title: `Link ${i}`, url: `https://example.com/${i}` } });

  const draft = await api(base, "/api/broadcasts?page=bench", {
    method: "POST",
    cookie,
    body: {
      subject: "Promoção de dezembro",
      body: "Olá! A **loja** abriu a promoção de dezembro: [veja os produtos](https://loja.example/dezembro).\n\n- frete grátis em todo o Brasil\n- *até domingo*\n\nObrigada por estar na lista!",
    },
  });
  if (draft.status !== 201) throw new Error(`draft: ${draft.status} ${await draft.text()}`);
  const broadcastId = (await draft.json()).id;

  // The owner's test message: the sample the ceiling sends (a broadcast message as the app makes it).
  await smtp("reset:test");
  const tested = await api(base, `/api/broadcasts/${broadcastId}/test?page=bench`, { method: "POST", cookie, body: {} });
  if (tested.status !== 200) throw new Error(`test: ${tested.status} ${await tested.text()}`);
  let sample;
  for (let i = 0; i < 100 && !sample; i++) {
    sample = (await smtp("sample")).sample;
    if (!sample) await sleep(100);
  }
  if (!sample) throw new Error("the test message did not arrive");
  const raw = Buffer.from(sample, "latin1");

  await ceiling(raw, Math.min(2_000, CEILING)); // warm-up
  const ceilings = [await ceiling(raw, CEILING)];
  console.log(
    `SMTP server's ceiling: ${Math.round(ceilings[0])} messages/s (${CEILING} of ${raw.length} bytes, a nodemailer pool of ${CONNECTIONS} connections)`,
  );

  for (let i = 0; i < 2; i++) await dashboard(cookie); // warm-up
  const idle = summary(await dashboard(cookie));
  if (idle.errors || idle.non2xx) throw new Error(`dashboard idle: ${JSON.stringify(idle)}`);
  console.log(`GET /dashboard idle at ${DASHBOARD.overallRate}/s: p50 ${idle.p50} ms, p99 ${idle.p99} ms`);

  await smtp("reset:broadcast");
  const pressed = Date.now();
  const sent = await api(base, `/api/broadcasts/${broadcastId}/send?page=bench`, { method: "POST", cookie, body: {} });
  if (sent.status !== 200) throw new Error(`send: ${sent.status} ${await sent.text()}`);
  const recipients = (await sent.json()).recipients;
  if (recipients !== RECIPIENTS) throw new Error(`recipients: ${recipients}`);
  // The schedule's next run (at most a minute away) starts handing: the dashboard is measured once it sends.
  while ((await smtp()).count < Math.min(2_000, RECIPIENTS / 10)) await sleep(200);
  const during = summary(await dashboard(cookie));
  if (during.errors || during.non2xx) throw new Error(`dashboard while sending: ${JSON.stringify(during)}`);
  const countAfterDashboard = (await smtp()).count;
  let got = await smtp();
  const deadline = Date.now() + 60 * 60_000;
  while (got.count < RECIPIENTS && Date.now() < deadline) {
    await sleep(500);
    got = await smtp();
  }
  // A repeat would come within seconds.
  await sleep(3_000);
  got = await smtp();
  const seconds = (got.last - got.first) / 1000;
  const rate = (got.count - 1) / seconds;
  let status = "";
  for (let i = 0; i < 150 && status !== "sent"; i++) {
    [{ status }] = await bench.query(`SELECT "status" FROM "Broadcast" WHERE "id" = $1`, [broadcastId]);
    if (status !== "sent") await sleep(1_000);
  }
  console.log(
    `GET /dashboard while sending at ${DASHBOARD.overallRate}/s: p50 ${during.p50} ms, p99 ${during.p99} ms (${countAfterDashboard} messages sent by its end)`,
  );

  ceilings.push(await ceiling(raw, CEILING));
  const top = Math.max(...ceilings);
  const lost = RECIPIENTS - got.to;
  const repeated = got.count - got.ids;
  console.log(`SMTP server's ceiling after: ${Math.round(ceilings[1])} messages/s`);
  console.log(
    `broadcast: ${got.count} messages to ${got.to} addresses (${lost} lost, ${repeated} repeated), ${Math.round(got.bytes / got.count)} bytes each; first message ${((got.first - pressed) / 1000).toFixed(1)} s after the press, then ${Math.round(rate)} messages/s over ${seconds.toFixed(1)} s; status ${status}`,
  );
  console.log("");
  console.log("summary");
  console.log(
    `  broadcast ÷ SMTP ceiling: ${Math.round(rate)} ÷ ${Math.round(top)} = ${ratio(rate, top)} (goal ≥ 0.8: ${rate / top >= 0.8 ? "met" : "short"})`,
  );
  console.log(
    `  dashboard p99 sending ÷ idle: ${during.p99} ÷ ${idle.p99} ms = ${ratio(during.p99, idle.p99)} (goal ≤ 1.2: ${during.p99 / idle.p99 <= 1.2 ? "met" : "short"})`,
  );
  console.log(`  messages: ${RECIPIENTS} recipients, ${lost} lost, ${repeated} repeated`);
} finally {
  await bench.stop();
  smtpProcess.kill();
}
