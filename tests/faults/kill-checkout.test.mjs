// kill -9 between Mercado Pago's approval and its notification being handled
// (api.md, Selling with Pix, Confirmation): a buyer checks out a file product,
// the stand-in approves the Pix and sends its signed notification to an app
// that is frozen (SIGSTOP) and then killed, so the notification is in the
// app's socket and never handled. After the restart the order is paid exactly
// once and the buyer served: one receipt at the test's SMTP server, one row of
// the outbox, one sale in the day's figures, and the order page's download
// gives the file back. Under `npm start` on PostgreSQL the jobs' start-up run
// asks Mercado Pago and pays it, and Mercado Pago's retry changes nothing;
// under `next start` with SERVERLESS=1, frozen between requests, only the
// retried notification and the jobs route run anything.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startMercadoPagoStandIn } from "../helpers/mercadopago-stand-in.mjs";
import { PORT_BASE, SECRET, call, freshDatabase, query, register, sleep, startApp, tempDir } from "./lib.mjs";
import { freezingProxy, migrate, startServerless, startSmtp } from "./serverless.mjs";

const CRON_SECRET = "cron-secret-cron-secret-0123";
const buyerOf = (username) => `compra-${username}@example.com`;
/** A small PDF (the file's type is read from its bytes). */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

function sellingEnv(standIn) {
  return {
    MERCADOPAGO_CLIENT_ID: standIn.config.clientId,
    MERCADOPAGO_CLIENT_SECRET: standIn.config.clientSecret,
    MERCADOPAGO_WEBHOOK_SECRET: standIn.config.webhookSecret,
    MERCADOPAGO_API_URL: standIn.origin,
    MERCADOPAGO_AUTH_URL: standIn.origin,
    // The stand-in and the SMTP server are on 127.0.0.1.
    ALLOW_PRIVATE_OUTBOUND: "1",
    AUTH_SECRET: SECRET,
    TRUST_PROXY: "true",
  };
}

/** A creator whose page is connected to the stand-in (the OAuth round trip over HTTP) and sells a PDF. */
async function shop(base, username) {
  const { cookie } = await register(base, username);
  const connect = await call(base, `/api/payments/connect?page=${username}`, { cookie });
  assert.equal(connect.status, 302, connect.text);
  const consent = await fetch(connect.headers.get("location"), { redirect: "manual" });
  assert.equal(consent.status, 302);
  const back = new URL(consent.headers.get("location"));
  const callback = await call(base, `${back.pathname}${back.search}`, { cookie });
  assert.equal(callback.status, 302, callback.text);
  assert.match(callback.headers.get("location"), /^\/dashboard\/vendas/);

  const block = await call(base, `/api/links?page=${username}`, {
    method: "POST",
    cookie,
    body: { kind: "product", title: "Guia de Pix", product: { description: null, priceCents: 1990, delivery: "file", url: null, stock: null } },
  });
  assert.equal(block.status, 201, block.text);
  const upload = await fetch(`${base}/api/products/${block.json.id}/file?page=${username}&name=guia.pdf`, {
    method: "POST",
    headers: { cookie, "content-type": "application/pdf" },
    body: PDF,
  });
  assert.equal(upload.status, 201, await upload.text());
  return { cookie, blockId: block.json.id };
}

async function checkout(base, blockId, username) {
  const res = await call(base, `/api/checkout/${blockId}`, { method: "POST", ip: "203.0.113.7", body: { name: "Clara Dias", email: buyerOf(username) } });
  assert.equal(res.status, 201, res.text);
  return res.json;
}

/**
 * Freezes `app`, has the stand-in approve the order and send its notification
 * straight to the frozen process (it waits in the socket), then kills it.
 */
async function approveIntoTheDyingApp(standIn, app, orderId, databaseUrl) {
  app.child.kill("SIGSTOP");
  const notified = standIn.approve(orderId, { notify: `${app.base}/api/payments/notify` }).catch((error) => error);
  // The notification's connection is accepted by the kernel: the frozen process never reads it.
  for (let i = 0; i < 100 && standIn.payment(orderId)?.status !== "approved"; i++) await sleep(20);
  await sleep(300);
  await app.kill9();
  assert.ok((await notified) instanceof Error, "the notification got no answer");
  assert.equal(standIn.payment(orderId).status, "approved", "Mercado Pago approved");
  const [row] = await query(databaseUrl, `SELECT "status" FROM "Order" WHERE "id" = $1`, [orderId]);
  assert.equal(row.status, "pending", "killed before the notification was handled");
}

/** Paid once, the buyer served once (mail and outbox), one sale counted; the order page's download gives the file. */
async function assertServedOnce({ base, databaseUrl, smtp, username, order }) {
  const buyer = buyerOf(username);
  const [row] = await query(databaseUrl, `SELECT "status", "paidAt", "amountCents" FROM "Order" WHERE "id" = $1`, [order.orderId]);
  assert.equal(row.status, "paid");
  assert.ok(row.paidAt);
  const outbox = await query(databaseUrl, `SELECT count(*)::int AS n FROM "OutboxMessage" WHERE "to" = $1`, [buyer]);
  assert.equal(outbox[0].n, 1, "one receipt written");
  const [sales] = await query(databaseUrl, `SELECT sum("orders")::int AS orders, sum("revenueCents")::int AS revenue FROM "DailySalesStat"`);
  assert.deepEqual(sales, { orders: 1, revenue: row.amountCents }, "one sale counted");

  const mails = await smtp.waitFor(buyer, 1, 15_000);
  // A second message would have come by now: the sender and after() work run within a few seconds.
  await sleep(2_000);
  assert.equal(smtp.received.filter((m) => m.to.includes(buyer)).length, 1, "one receipt e-mail");
  const link = new RegExp(`/${username}/pedido/${order.orderId}\\?t=([\\w-]+)`).exec(mails[0].text);
  assert.ok(link, `the receipt has the order link:\n${mails[0].text}`);
  const token = link[1];

  const page = await call(base, `/${username}/pedido/${order.orderId}?t=${token}`);
  assert.equal(page.status, 200, page.text);
  assert.match(page.text, new RegExp(`/api/orders/${order.orderId}/download\\?t=`));
  const download = await fetch(`${base}/api/orders/${order.orderId}/download?t=${token}`);
  assert.equal(download.status, 200);
  assert.deepEqual(Buffer.from(await download.arrayBuffer()), PDF);
  const status = await call(base, `/api/orders/${order.orderId}/status?t=${token}`);
  assert.equal(status.json.status, "paid");
}

describe("a checkout whose app died between the approval and its notification", () => {
  let standIn;
  let smtp;
  before(async () => {
    standIn = await startMercadoPagoStandIn({ port: PORT_BASE + 40 });
    smtp = await startSmtp();
  });
  after(async () => {
    await standIn?.close();
  });

  test("npm start on PostgreSQL: paid once after the restart, the buyer served once", { timeout: 180_000 }, async () => {
    const database = await freshDatabase();
    const port = PORT_BASE + 41;
    const env = {
      ...sellingEnv(standIn),
      DATABASE_URL: database.url,
      DATA_DIR: tempDir("vitrine-faults-checkout-"),
      SMTP_URL: smtp.url,
      NEXT_PUBLIC_APP_URL: `http://127.0.0.1:${port}`,
    };
    let app = await startApp({ port, env });
    try {
      const { blockId } = await shop(app.base, "lojinha");
      const order = await checkout(app.base, blockId, "lojinha");
      await approveIntoTheDyingApp(standIn, app, order.orderId, database.url);

      app = await startApp({ port, env });
      // The jobs' start-up run asks Mercado Pago about the pending order; Mercado Pago also retries its notification.
      const deadline = Date.now() + 60_000;
      let paid = false;
      while (!paid && Date.now() < deadline) {
        const [row] = await query(database.url, `SELECT "status" FROM "Order" WHERE "id" = $1`, [order.orderId]);
        paid = row.status === "paid";
        if (!paid) await sleep(200);
      }
      assert.ok(paid, `paid after the restart\n${app.log().slice(-3000)}`);
      const retries = await Promise.all([1, 2, 3].map(() => standIn.notify(order.orderId)));
      for (const retry of retries) assert.equal(retry.status, 200, retry.body);
      await assertServedOnce({ base: app.base, databaseUrl: database.url, smtp, username: "lojinha", order });
      assert.equal(standIn.countCalls("POST /v1/payments"), 1, "one Pix charge");
    } finally {
      await app.stop();
      await database.drop();
    }
  });

  test(
    "next start with SERVERLESS=1, frozen between requests: the retried notification pays it once, the jobs route adds nothing",
    { timeout: 180_000 },
    async () => {
      standIn.reset();
      const database = await freshDatabase();
      migrate(database.url);
      const appPort = PORT_BASE + 42;
      const hostPort = PORT_BASE + 43;
      const env = {
        ...sellingEnv(standIn),
        DATABASE_URL: database.url,
        DATA_DIR: tempDir("vitrine-faults-checkout-sl-"),
        SMTP_URL: smtp.url,
        CRON_SECRET,
        NEXT_PUBLIC_APP_URL: `http://127.0.0.1:${hostPort}`,
      };
      let app = await startServerless({ port: appPort, env });
      let host = await freezingProxy({ port: hostPort, app, graceMs: 2_000 });
      try {
        const { blockId } = await shop(host.base, "lojavirtual");
        const order = await checkout(host.base, blockId, "lojavirtual");
        assert.equal(standIn.payment(order.orderId).notification_url, `${host.base}/api/payments/notify`);
        await host.close();
        await approveIntoTheDyingApp(standIn, app, order.orderId, database.url);

        app = await startServerless({ port: appPort, env });
        host = await freezingProxy({ port: hostPort, app, graceMs: 2_000 });
        // Nothing runs while nothing is asked.
        await sleep(2_500);
        assert.ok(host.isFrozen(), "frozen between requests");
        const [waiting] = await query(database.url, `SELECT "status" FROM "Order" WHERE "id" = $1`, [order.orderId]);
        assert.equal(waiting.status, "pending");

        // Mercado Pago retries its notification (twice at once): answered within the request, paid once.
        const retries = await Promise.all([standIn.notify(order.orderId), standIn.notify(order.orderId)]);
        for (const retry of retries) assert.equal(retry.status, 200, retry.body);
        const [row] = await query(database.url, `SELECT "status" FROM "Order" WHERE "id" = $1`, [order.orderId]);
        assert.equal(row.status, "paid", "paid within the notification's request");
        const jobs = await call(host.base, "/api/cron/jobs", { headers: { authorization: `Bearer ${CRON_SECRET}` }, timeout: 60_000 });
        assert.equal(jobs.status, 200, jobs.text);
        await assertServedOnce({ base: host.base, databaseUrl: database.url, smtp, username: "lojavirtual", order });
      } finally {
        await host.close();
        await app.stop();
        await database.drop();
      }
    },
  );
});
