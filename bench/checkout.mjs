// npm run bench:checkout (after npm run build): selling with Pix (issue #58), on a fresh
// PostgreSQL database under npm start, against the Mercado Pago stand-in as a process of its own
// (tests/helpers/mercadopago-stand-in-server.mjs: it makes each charge's code and QR image, as
// Mercado Pago would elsewhere).
//  1. POST /api/checkout/:blockId (an order and its Pix charge at the stand-in) a second ÷
//     POST /api/links a second, in turns, BENCH_ROUNDS rounds (default 3) of BENCH_CHECKOUTS
//     (default 300) each, 10 connections (≥ 0.8 wanted). Each checkout comes from its own address
//     and e-mail (a visitor may start 10 an hour, an e-mail 5); the links are made on 10 pages in
//     turn and deleted between rounds (a page holds 500).
//  2. Those checkouts' orders (1,000 with the warm-up) approved at the stand-in, then one signed
//     notification each (as Mercado Pago sends them, 10 at once): orders paid, lost (still pending
//     once the last notification was answered and the work after it done) and paid twice (receipts
//     and the day's sales counted in the database).
//  3. The checkout page's bytes, raw and in brotli (quality 11, as npm start serves it): the form,
//     and the page with the order's Pix (its QR code drawn on the server).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { randomUUID } from "node:crypto";
import { brotliCompressSync, constants } from "node:zlib";
import { STAND_IN_DEFAULTS, signNotification } from "../tests/helpers/mercadopago-stand-in.mjs";
import { api, benchServer, cannon, median, ratio, summary } from "./lib.mjs";

const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP = Math.max(0, 1000 - CHECKOUTS * ROUNDS);
const CONNECTIONS = 10;
const standInPort = Number(process.env.BENCH_PORT ?? 3400) + 1;

const standInProcess = spawn(process.execPath, ["tests/helpers/mercadopago-stand-in-server.mjs", String(standInPort)], {
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise((resolve, reject) => {
  standInProcess.stdout.on("data", (d) => String(d).includes("stand-in on") && resolve());
  standInProcess.once("exit", (code) => reject(new Error(`the stand-in exited with ${code}`)));
});
const standIn = `http://127.0.0.1:${standInPort}`;

const bench = await benchServer({
  name: "vitrine_bench_checkout",
  env: {
    MERCADOPAGO_CLIENT_ID: STAND_IN_DEFAULTS.clientId,
    MERCADOPAGO_CLIENT_SECRET: STAND_IN_DEFAULTS.clientSecret,
    MERCADOPAGO_WEBHOOK_SECRET: STAND_IN_DEFAULTS.webhookSecret,
    MERCADOPAGO_API_URL: standIn,
    MERCADOPAGO_AUTH_URL: standIn,
    ALLOW_PRIVATE_OUTBOUND: "1",
    // Each checkout from its own address (X-Forwarded-For), as many buyers.
    TRUST_PROXY: "true",
  },
}).catch((error) => {
  standInProcess.kill();
  throw error;
});

try {
  const { base, cookie } = bench;
  // The page connected to the stand-in's seller: Mercado Pago's consent, as a creator goes through it.
  const connect = await fetch(`${base}/api/payments/connect?page=bench`, { headers: { cookie }, redirect: "manual" });
  const consent = await fetch(connect.headers.get("location"), { redirect: "manual" });
  const back = new URL(consent.headers.get("location"));
  const connected = await fetch(`${base}${back.pathname}${back.search}`, { headers: { cookie }, redirect: "manual" });
  if (connected.status !== 302) throw new Error(`connect: ${connected.status} ${await connected.text()}`);
  const product = await api(base, "/api/links?page=bench", {
    method: "POST",
    cookie,
    body: {
      kind: "product",
      title: "Curso de fotografia",
      product: { description: "Seis aulas gravadas", priceCents: 4990, delivery: "link", url: "https://cursos.example/foto" },
    },
  });
  if (product.status !== 201) throw new Error(`product: ${product.status} ${await product.text()}`);
  const blockId = (await product.json()).id;

  // 1. Checkouts ÷ link creations.
  let buyer = 0;
  const orderIds = [];
  const checkouts = (amount) =>
    cannon({
      url: base,
      method: "POST",
      connections: CONNECTIONS,
      amount,
      headers: { "content-type": "application/json" },
      requests: [
        {
          setupRequest: (req) => {
            const i = buyer++;
            return {
              ...req,
              path: `/api/checkout/${blockId}`,
              headers: { ...req.headers, "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
              body: JSON.stringify({ name: `Comprador ${i}`, email: `comprador${i}@example.com` }),
            };
          },
          onResponse: (status, body) => {
            if (status === 201) orderIds.push(JSON.parse(body).orderId);
          },
        },
      ],
    });
  // The links are made on 10 pages in turn: a page's creation costs more as it fills (its order,
  // its limit), and a round's 300 on one page would measure a page of hundreds of links.
  const linkCookies = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const res = await api(base, "/api/register", {
      method: "POST",
      headers: { "x-forwarded-for": `192.0.2.${i + 1}` },
      body: { name: `Pessoa ${i}`, username: `links${i}`, phone: "(11) 98765-4321", email: `links${i}@example.com`, password: "segredo123" },
    });
    if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
    linkCookies.push(res.headers.get("set-cookie").split(";")[0]);
  }
  let link = 0;
  const links = (amount) =>
    cannon({
      url: `${base}/api/links`,
      method: "POST",
      connections: CONNECTIONS,
      amount,
      headers: { "content-type": "application/json" },
      requests: [
        {
          setupRequest: (req) => {
            const i = link++;
            return {
              ...req,
              headers: { ...req.headers, cookie: linkCookies[i % linkCookies.length] },
              body: JSON.stringify({ title: `Link ${i}`, url: `https://example.com/${i}` }),
            };
          },
        },
      ],
    });
  const clearLinks = () => bench.query(`DELETE FROM "Link" WHERE "kind" = 'link'`);
  const checked = (name, r) => {
    const s = summary(r);
    if (s.errors || s.non2xx) throw new Error(`${name}: ${JSON.stringify(s)}`);
    return r;
  };
  if (WARM_UP) checked("warm-up checkouts", await checkouts(WARM_UP));
  checked("warm-up links", await links(100));
  await clearLinks();
  const rates = { checkout: [], links: [] };
  const p50 = { checkout: [], links: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 ? ["links", "checkout"] : ["checkout", "links"]) {
      const r = checked(name, name === "checkout" ? await checkouts(CHECKOUTS) : await links(CHECKOUTS));
      rates[name].push(CHECKOUTS / r.busySeconds);
      p50[name].push(r.latency.p50);
      if (name === "links") await clearLinks();
    }
  }
  console.log(
    `POST /api/checkout/:id ${Math.round(median(rates.checkout))}/s (p50 ${median(p50.checkout)} ms), POST /api/links ${Math.round(median(rates.links))}/s (p50 ${median(p50.links)} ms); checkout ÷ links = ${ratio(median(rates.checkout), median(rates.links))} (rounds: ${rates.checkout.map((c, i) => ratio(c, rates.links[i])).join(", ")}; medians of ${ROUNDS} rounds of ${CHECKOUTS})`,
  );

  // 2. One signed notification for each order, once the stand-in approved them all.
  const orders = await bench.query(`SELECT "id", "paymentId" FROM "Order" WHERE "status" = 'pending' AND "paymentId" IS NOT NULL ORDER BY "createdAt"`);
  if (orders.length !== orderIds.length) throw new Error(`${orders.length} pending orders with a charge, ${orderIds.length} checkouts answered`);
  for (let i = 0; i < orders.length; i += CONNECTIONS) {
    await Promise.all(
      orders.slice(i, i + CONNECTIONS).map(async (o) => {
        const res = await fetch(`${standIn}/_stand-in/payments/${o.paymentId}/approve`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        });
        if (res.status !== 200) throw new Error(`approve: ${res.status}`);
      }),
    );
  }
  const paidBefore = (await bench.query(`SELECT count(*)::int AS n FROM "Order" WHERE "status" = 'paid'`))[0].n;
  let next = 0;
  const started = performance.now();
  const notified = checked(
    "notifications",
    await cannon({
      url: base,
      method: "POST",
      connections: CONNECTIONS,
      amount: orders.length,
      headers: { "content-type": "application/json" },
      requests: [
        {
          setupRequest: (req) => {
            const { paymentId } = orders[next++ % orders.length];
            const requestId = randomUUID();
            const signature = signNotification({ dataId: paymentId, requestId, ts: String(Date.now()), secret: STAND_IN_DEFAULTS.webhookSecret });
            return {
              ...req,
              path: `/api/payments/notify?data.id=${paymentId}&type=payment`,
              headers: { ...req.headers, "x-request-id": requestId, "x-signature": signature },
              body: JSON.stringify({ action: "payment.updated", data: { id: paymentId }, type: "payment" }),
            };
          },
        },
      ],
    }),
  );
  const answeredSeconds = (performance.now() - started) / 1000;
  // A notification answers within 2 s; a read that takes longer goes on after it: give it that long.
  await new Promise((r) => setTimeout(r, 2_000));
  const [counts] = await bench.query(
    `SELECT
       (SELECT count(*)::int FROM "Order" WHERE "status" = 'paid') AS paid,
       (SELECT count(*)::int FROM "Order" WHERE "status" = 'pending') AS pending,
       (SELECT coalesce(sum("orders"), 0)::int FROM "DailySalesStat") AS sales,
       (SELECT count(*)::int FROM "OutboxMessage" WHERE "to" LIKE 'comprador%') AS receipts,
       (SELECT count(*)::int FROM (SELECT "to" FROM "OutboxMessage" WHERE "to" LIKE 'comprador%' GROUP BY "to" HAVING count(*) > 1) AS twice) AS twice`,
  );
  const lost = orders.length - counts.paid;
  const paidTwice = counts.twice + Math.max(0, counts.sales - counts.paid) + Math.max(0, counts.receipts - counts.paid);
  console.log(
    `notifications: ${orders.length} signed, one per order, ${Math.round(orders.length / notified.busySeconds)}/s (p50 ${notified.latency.p50} ms, p99 ${notified.latency.p99} ms, all answered in ${answeredSeconds.toFixed(1)} s): ${counts.paid}/${orders.length} orders paid (${paidBefore} by the jobs before), ${lost} lost, ${paidTwice} paid twice (receipts ${counts.receipts}, sales counted ${counts.sales})`,
  );

  // 3. The checkout page's weight: the form, and the page with the order's Pix.
  const pending = await api(base, `/api/checkout/${blockId}`, {
    method: "POST",
    headers: { "x-forwarded-for": "192.0.2.200" },
    body: { name: "Pesando Página", email: "peso@example.com" },
  });
  const { orderId, statusUrl } = await pending.json();
  const token = new URL(statusUrl, base).searchParams.get("t");
  const weigh = async (path) => {
    const res = await fetch(`${base}${path}`, { headers: { "accept-encoding": "identity" } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    const raw = Buffer.from(await res.arrayBuffer());
    const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    return `${(raw.length / 1024).toFixed(1)} KB raw, ${(br / 1024).toFixed(1)} KB brotli`;
  };
  console.log(
    `checkout page /bench/comprar/:id: the form ${await weigh(`/bench/comprar/${blockId}`)}; with the order's Pix ${await weigh(`/bench/comprar/${blockId}?pedido=${orderId}&t=${token}`)}`,
  );
} finally {
  await bench.stop();
  standInProcess.kill("SIGTERM");
  await Promise.race([once(standInProcess, "exit"), new Promise((r) => setTimeout(r, 5_000))]);
  if (standInProcess.exitCode === null && standInProcess.signalCode === null) standInProcess.kill("SIGKILL");
}
