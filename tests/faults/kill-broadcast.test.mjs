// kill -9 in the middle of a broadcast to 5,000 confirmed subscribers (issue
// 59; docs/broadcasts.md): the page (8 days old, its owner's e-mail verified)
// and its list are written straight into the database, with a few pending,
// unsubscribed and WhatsApp-only people beside them who must get nothing. The
// owner sends the broadcast with the operator's rate lifted
// (BROADCAST_PER_MINUTE); once 1,500 messages have reached the test's SMTP
// server, the server stops answering (every message on the way is held
// before its 250) and the app is killed, its background sender too. The
// messages held were never accepted (their client went away unanswered):
// they are the dead sender's claims, sent again once the claims pass. After
// the restart every confirmed subscriber has exactly one message (counted at
// the SMTP server, by address and by Message-ID), the broadcast ends `sent`
// with its figures, and nobody else got one.
//
// The kill lands while the SMTP server holds every message on the way, as in
// kill-webhooks.test.mjs: a message is accepted when the sender hears its 250,
// and the moment between that answer and the outbox's record of it (RFC 1047's
// duplicate window, which no SMTP client can close) is not what this test
// measures; at the kill, every message the server accepted is recorded sent.
//
// Under `npm start` on PostgreSQL the schedule's jobs hand the recipients to
// the outbox and the background sender (sender.mjs) sends them; under `next
// start` with SERVERLESS=1 only the jobs route (called here as the platform's
// cron would, more often) hands and sends them, within its requests and their
// after() work. The two runtimes run side by side: most of each is waiting
// for the dead sender's claims to pass (2 minutes, lib/email/email-kind.ts).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { PORT_BASE, SECRET, call, freshDatabase, query, register, senderPids, sleep, startApp, tempDir, waitUntil } from "./lib.mjs";
import { migrate, startServerless, startSmtp } from "./serverless.mjs";

const CONFIRMED = 5_000;
const KILL_AT = 1_500;
const CRON_SECRET = "cron-secret-cron-secret-0123";
const DOMAIN = "lista.example";
const confirmedAddress = (i) => `leitor${i}@${DOMAIN}`;
/** Pending (never confirmed), unsubscribed (its address kept here, so a message to it would be seen) and WhatsApp-only. */
const OTHERS = { pending: [1, 2, 3].map((i) => `pendente${i}@${DOMAIN}`), unsubscribed: [1, 2, 3].map((i) => `saiu${i}@${DOMAIN}`) };

/** The page of `username`, 8 days old, its owner verified, and its list: CONFIRMED confirmed e-mails and the others. */
async function seedList(databaseUrl, username) {
  const [page] = await query(databaseUrl, `SELECT "id" FROM "Page" WHERE "username" = $1`, [username]);
  await query(databaseUrl, `UPDATE "Page" SET "createdAt" = (now() AT TIME ZONE 'UTC') - interval '8 days' WHERE "id" = $1`, [page.id]);
  await query(
    databaseUrl,
    `UPDATE "User" SET "emailVerified" = now() AT TIME ZONE 'UTC' WHERE "id" IN (SELECT "userId" FROM "PageMember" WHERE "pageId" = $1)`,
    [page.id],
  );
  const insert = (select) =>
    query(
      databaseUrl,
      `INSERT INTO "Subscriber" ("id", "pageId", "source", "email", "whatsapp", "status", "consentText", "consentVersion", "confirmedAt", "unsubscribedAt", "updatedAt")
       ${select}`,
      [page.id],
    );
  await insert(`SELECT 'sub_c' || i, $1, 'Lista', 'leitor' || i || '@${DOMAIN}', NULL, 'confirmed', 'Quero receber novidades', 'v1',
      now() AT TIME ZONE 'UTC', NULL, now() AT TIME ZONE 'UTC' FROM generate_series(1, ${CONFIRMED}) AS i`);
  await insert(`SELECT 'sub_p' || i, $1, 'Lista', 'pendente' || i || '@${DOMAIN}', NULL, 'pending', 'Quero receber novidades', 'v1',
      NULL, NULL, now() AT TIME ZONE 'UTC' FROM generate_series(1, 3) AS i`);
  await insert(`SELECT 'sub_u' || i, $1, 'Lista', 'saiu' || i || '@${DOMAIN}', NULL, 'unsubscribed', 'Quero receber novidades', 'v1',
      now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC' FROM generate_series(1, 3) AS i`);
  await insert(`SELECT 'sub_w' || i, $1, 'Lista', NULL, '+5511990000' || lpad(i::text, 3, '0'), 'confirmed', 'Quero receber novidades', 'v1',
      now() AT TIME ZONE 'UTC', NULL, now() AT TIME ZONE 'UTC' FROM generate_series(1, 3) AS i`);
}

/** The broadcast written and sent now by the page's owner: its id. */
async function sendBroadcast(base, cookie, username) {
  const draft = await call(base, `/api/broadcasts?page=${username}`, {
    method: "POST",
    cookie,
    body: { subject: "Promoção de dezembro", body: "Olá! A **loja** abriu: [veja](https://loja.example/dezembro).\n\n- frete grátis\n- até domingo" },
  });
  assert.equal(draft.status, 201, draft.text);
  const sent = await call(base, `/api/broadcasts/${draft.json.id}/send?page=${username}`, { method: "POST", cookie, body: {} });
  assert.equal(sent.status, 200, sent.text);
  assert.equal(sent.json.status, "sending");
  assert.equal(sent.json.recipients, CONFIRMED, "the list fixed at send time: confirmed e-mails only");
  return draft.json.id;
}

/** The broadcast's messages the SMTP server accepted (from "{page} via Vitrine"; the pending are sent their confirmation by the jobs). */
const listMail = (smtp) => smtp.received.filter((m) => m.to.some((to) => to.endsWith(`@${DOMAIN}`)) && /^From: "?[^"\r\n<]* via Vitrine"? </m.test(m.raw));

/**
 * Waits for KILL_AT messages, then has the SMTP server hold every message on
 * the way, unanswered, until the sends in flight are all held (and every
 * answered one recorded). Answers what was accepted then, and `open()`, which
 * lets the server answer again (a held message whose client died is dropped).
 */
async function holdMidway(smtp, databaseUrl) {
  await waitUntil(`${KILL_AT} messages sent`, () => listMail(smtp).length >= KILL_AT, 180_000, 20);
  let open;
  const gate = new Promise((resolve) => (open = resolve));
  smtp.state.hold = () => gate;
  // Held: the sends in flight stop changing (each one's connection reached its DATA and waits).
  let last = -1;
  let since = Date.now();
  await waitUntil(
    "the messages on the way held",
    () => {
      if (smtp.state.inFlight !== last) [last, since] = [smtp.state.inFlight, Date.now()];
      return last > 0 && Date.now() - since >= 1_000;
    },
    30_000,
    20,
  );
  const accepted = listMail(smtp).length;
  const [rows] = await query(
    databaseUrl,
    `SELECT count(*) FILTER (WHERE "sentAt" IS NOT NULL)::int AS sent,
            count(*) FILTER (WHERE "sentAt" IS NULL AND "lockedUntil" > now() AT TIME ZONE 'UTC')::int AS claimed
     FROM "OutboxMessage" WHERE "id" IN (SELECT "outboxId" FROM "BroadcastRecipient")`,
  );
  assert.ok(accepted < CONFIRMED, "killed in the middle");
  assert.equal(rows.sent, accepted, "every message the server accepted is recorded sent");
  assert.ok(rows.claimed >= smtp.state.inFlight, `the messages held are claimed (${rows.claimed} claimed, ${smtp.state.inFlight} held)`);
  return {
    accepted,
    held: smtp.state.inFlight,
    async open() {
      // The dead connections' close is heard first: what they held is dropped, not accepted.
      await sleep(500);
      open();
      smtp.state.hold = null;
      await waitUntil("the held messages answered", () => smtp.state.inFlight === 0, 5_000, 20);
    },
  };
}

/** Exactly one message per confirmed address (by address and by Message-ID), none to anyone else; the broadcast `sent` with its figures. */
async function assertEachOnce({ smtp, base, cookie, username, broadcastId }) {
  // A message sent twice would come within the seconds after the last one.
  await sleep(2_000);
  const mail = listMail(smtp);
  const byAddress = new Map();
  for (const m of mail) for (const to of m.to) byAddress.set(to, (byAddress.get(to) ?? 0) + 1);
  const missing = [];
  const twice = [];
  for (let i = 1; i <= CONFIRMED; i++) {
    const n = byAddress.get(confirmedAddress(i)) ?? 0;
    if (n === 0) missing.push(confirmedAddress(i));
    if (n > 1) twice.push(confirmedAddress(i));
  }
  assert.deepEqual(missing, [], `lost: ${missing.length}`);
  assert.deepEqual(twice, [], `sent twice: ${twice.length}`);
  for (const to of [...OTHERS.pending, ...OTHERS.unsubscribed]) assert.equal(byAddress.get(to) ?? 0, 0, `${to} got nothing`);
  assert.equal(mail.length, CONFIRMED, "one message each, nobody else");
  assert.equal(new Set(mail.map((m) => m.messageId)).size, CONFIRMED, "each Message-ID once");
  const b = await call(base, `/api/broadcasts/${broadcastId}?page=${username}`, { cookie });
  assert.equal(b.status, 200, b.text);
  assert.deepEqual(
    { status: b.json.status, recipients: b.json.recipients, sent: b.json.sent, failed: b.json.failed },
    {
      status: "sent",
      recipients: CONFIRMED,
      sent: CONFIRMED,
      failed: 0,
    },
  );
}

const broadcastStatus = async (databaseUrl, id) => (await query(databaseUrl, `SELECT "status" FROM "Broadcast" WHERE "id" = $1`, [id]))[0]?.status;

function appEnv({ databaseUrl, smtp, port, prefix }) {
  return {
    DATABASE_URL: databaseUrl,
    DATA_DIR: tempDir(prefix),
    AUTH_SECRET: SECRET,
    TRUST_PROXY: "true",
    // The SMTP server is on 127.0.0.1.
    ALLOW_PRIVATE_OUTBOUND: "1",
    SMTP_URL: smtp.url,
    BROADCAST_PER_MINUTE: "1000000",
    CRON_SECRET,
    NEXT_PUBLIC_APP_URL: `http://127.0.0.1:${port}`,
  };
}

describe("a broadcast to 5,000 whose app was killed in the middle of sending", { concurrency: 2 }, () => {
  test("npm start on PostgreSQL: after the restart each confirmed subscriber has exactly one message", { timeout: 420_000 }, async (t) => {
    const started = Date.now();
    const smtp = await startSmtp();
    const database = await freshDatabase();
    const port = PORT_BASE + 44;
    const env = appEnv({ databaseUrl: database.url, smtp, port, prefix: "vitrine-faults-broadcast-" });
    let app = await startApp({ port, env });
    try {
      const { cookie } = await register(app.base, "listao");
      await seedList(database.url, "listao");
      const broadcastId = await sendBroadcast(app.base, cookie, "listao");
      // The schedule's next run (at most a minute away) hands the recipients; the background sender sends.
      const midway = await holdMidway(smtp, database.url);
      const senders = senderPids(app);
      assert.equal(senders.length, 1, "one background sender sends");
      for (const pid of senders) process.kill(pid, "SIGKILL");
      await app.kill9();
      await midway.open();
      assert.ok(smtp.state.dropped >= midway.held, "the messages on the way were never accepted");
      t.diagnostic(`killed after ${midway.accepted} messages, ${smtp.state.dropped} on the way (${Math.round((Date.now() - started) / 1000)} s in)`);

      app = await startApp({ port, env });
      // The start-up jobs hand whoever is left; the sender sends the rest, and the held ones once their claims pass.
      await waitUntil("every message sent and the broadcast ended", async () => (await broadcastStatus(database.url, broadcastId)) === "sent", 300_000, 1_000);
      await assertEachOnce({ smtp, base: app.base, cookie, username: "listao", broadcastId });
      t.diagnostic(`done in ${Math.round((Date.now() - started) / 1000)} s`);
    } finally {
      for (const pid of senderPids(app)) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
      await app.stop();
      await database.drop();
    }
  });

  test(
    "next start with SERVERLESS=1, sent by the jobs route: after the restart each confirmed subscriber has exactly one message",
    { timeout: 420_000 },
    async (t) => {
      const started = Date.now();
      const smtp = await startSmtp();
      const database = await freshDatabase();
      migrate(database.url);
      const port = PORT_BASE + 45;
      const env = appEnv({ databaseUrl: database.url, smtp, port, prefix: "vitrine-faults-broadcast-sl-" });
      let app = await startServerless({ port, env });
      /** The platform's cron, called again as soon as each call ends, until stopped. */
      const cron = () => {
        let running = true;
        const calls = (async () => {
          while (running) {
            await call(app.base, "/api/cron/jobs", { headers: { authorization: `Bearer ${CRON_SECRET}` }, timeout: 60_000 }).catch(() => null);
            await sleep(500);
          }
        })();
        return async () => {
          running = false;
          await calls;
        };
      };
      let stopCron = async () => {};
      try {
        const { cookie } = await register(app.base, "listinha");
        await seedList(database.url, "listinha");
        const broadcastId = await sendBroadcast(app.base, cookie, "listinha");
        stopCron = cron();
        const midway = await holdMidway(smtp, database.url);
        await app.kill9();
        await stopCron();
        await midway.open();
        assert.ok(smtp.state.dropped >= midway.held, "the messages on the way were never accepted");
        t.diagnostic(`killed after ${midway.accepted} messages, ${smtp.state.dropped} on the way (${Math.round((Date.now() - started) / 1000)} s in)`);

        app = await startServerless({ port, env });
        stopCron = cron();
        await waitUntil(
          "every message sent and the broadcast ended",
          async () => (await broadcastStatus(database.url, broadcastId)) === "sent",
          300_000,
          1_000,
        );
        await stopCron();
        await assertEachOnce({ smtp, base: app.base, cookie, username: "listinha", broadcastId });
        t.diagnostic(`done in ${Math.round((Date.now() - started) / 1000)} s`);
      } finally {
        await stopCron();
        await app.stop();
        await database.drop();
      }
    },
  );
});
