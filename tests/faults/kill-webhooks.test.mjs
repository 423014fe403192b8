// kill -9 between the request that causes a webhook and its delivery: the
// receiver holds the first attempt open (the app is mid-send when it dies).
// Once the app is started again, the delivery (a row since the request) is
// claimed again when the dead sender's claim passes and reaches the receiver
// with the same webhook-id: nothing is lost across a restart.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import { test } from "node:test";
import { PORT_BASE, SECRET, call, freshDatabase, query, register, sleep, startApp, tempDir } from "./lib.mjs";

test("a webhook whose sender was killed mid-send is delivered after the restart, with the same webhook-id", { timeout: 300_000 }, async () => {
  const received = [];
  let hold = true;
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ id: req.headers["webhook-id"], body });
      if (hold) return; // never answered: the sender is waiting when it is killed
      res.writeHead(200).end("ok");
    });
  });
  await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${receiver.address().port}/hook`;
  const env = { DATA_DIR: tempDir("vitrine-faults-webhooks-"), AUTH_SECRET: SECRET, TRUST_PROXY: "true", ALLOW_PRIVATE_OUTBOUND: "1" };
  let app = await startApp({ port: PORT_BASE + 37, env });
  try {
    const { cookie } = await register(app.base, "ganchos");
    const hook = await call(app.base, "/api/webhooks", { method: "POST", cookie, body: { url, events: ["link.created"] } });
    assert.equal(hook.status, 201, hook.text);
    const link = await call(app.base, "/api/links", { method: "POST", cookie, body: { title: "Loja", url: "https://loja.example" } });
    assert.equal(link.status, 201, link.text);

    // The first attempt reaches the receiver (sent after the response), which holds it.
    for (let i = 0; i < 200 && received.length === 0; i++) await sleep(50);
    assert.equal(received.length, 1, "the first attempt started");
    await app.kill9();

    hold = false;
    app = await startApp({ port: PORT_BASE + 37, env });
    // The jobs run at start and every minute; the dead sender's claim lasts a minute.
    const deadline = Date.now() + 200_000;
    while (Date.now() < deadline && received.length < 2) await sleep(500);
    assert.equal(received.length, 2, "delivered again after the restart");
    assert.equal(received[1].id, received[0].id);
    assert.equal(JSON.parse(received[1].body).type, "link.created");

    const list = await call(app.base, `/api/webhooks/${hook.json.id}/deliveries`, { cookie });
    for (let i = 0; i < 20 && list.json?.[0]?.status !== "delivered"; i++) {
      await sleep(250);
      Object.assign(list, await call(app.base, `/api/webhooks/${hook.json.id}/deliveries`, { cookie }));
    }
    assert.equal(list.json.length, 1);
    assert.equal(list.json[0].status, "delivered");
    assert.equal(list.json[0].attempts, 2);
  } finally {
    await app.stop();
    receiver.closeAllConnections?.();
    await new Promise((resolve) => receiver.close(resolve));
  }
});

// npm start on PostgreSQL sends deliveries from its background sender
// (sender.mjs), a second process in Linux's idle scheduling class (where chrt
// can put it there) at the lowest CPU priority, which reads its own rows: the
// commit of the transaction that wrote them wakes it (LISTEN), so a row
// written by any process is sent, and the server hands it nothing. Requests
// hold nothing up: a delivery leaves while another request is in flight.
// Frozen, the edits are still answered and their deliveries wait (the server
// does not send them); thawed, they arrive. Killed, a new sender is started
// and sends what waited. The server gone, the sender goes too.
test("npm start on PostgreSQL: the background sender reads its own rows; frozen or killed, none is lost or repeated", { timeout: 300_000 }, async () => {
  const received = [];
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ id: req.headers["webhook-id"], body: JSON.parse(body) });
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${receiver.address().port}/hook`;
  const database = await freshDatabase();
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: tempDir("vitrine-faults-sender-"),
    AUTH_SECRET: SECRET,
    TRUST_PROXY: "true",
    ALLOW_PRIVATE_OUTBOUND: "1",
  };
  const app = await startApp({ port: PORT_BASE + 38, env });
  const senders = () => [...app.log().matchAll(/"event":"sender\.ready"[^\n]*"pid":(\d+)/g)].map((m) => Number(m[1]));
  const waitFor = async (what, ok, ms = 30_000) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline && !ok()) await sleep(100);
    assert.ok(ok(), what);
  };
  const titles = () => received.map((r) => r.body.data?.title).filter(Boolean);
  const edit = async (title) => {
    const res = await call(app.base, "/api/links", { method: "POST", cookie, body: { title, url: "https://a.example" } });
    assert.equal(res.status, 201, res.text);
  };
  let cookie;
  try {
    await waitFor("the sender process started and listens", () => senders().length === 1 && app.log().includes('"event":"outbox.listening"'));
    // The jobs' start-up run over, the next a minute away (they would leave the rows to the sender anyway).
    await waitFor("the jobs' first run ended", () => app.log().includes('"event":"jobs.first_run"'), 60_000);
    const sender = senders()[0];
    assert.notEqual(sender, app.child.pid);
    assert.equal(os.getPriority(sender), 19, "the lowest CPU priority");
    const idleClass = spawnSync("chrt", ["--idle", "0", "true"]).status === 0;
    assert.match(app.log(), new RegExp(`"event":"sender\\.ready"[^\\n]*"idleClass":${idleClass}`));
    if (idleClass) assert.match(spawnSync("chrt", ["--pid", String(sender)], { encoding: "utf8" }).stdout, /SCHED_IDLE/, "the idle scheduling class");
    ({ cookie } = await register(app.base, "remetente"));
    const hook = await call(app.base, "/api/webhooks", { method: "POST", cookie, body: { url, events: ["link.created"] } });
    assert.equal(hook.status, 201, hook.text);

    // A request in flight (its body never finished) holds nothing up: the next edit's delivery leaves at once.
    const { hostname, port } = new URL(app.base);
    const held = net.connect(Number(port), hostname);
    await new Promise((resolve) => held.once("connect", resolve));
    held.on("error", () => {});
    held.write(
      `POST /api/links HTTP/1.1\r\nHost: ${hostname}:${port}\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"title":`,
    );
    await sleep(300); // its headers read: the server counts it in flight
    await edit("Durante outro pedido");
    await waitFor("delivered while another request is in flight", () => titles().includes("Durante outro pedido"), 5_000);
    assert.equal(held.destroyed, false, "the other request was still in flight");
    held.destroy();

    // A row written by another process (here, this test's own connection) is sent: the sender reads its own rows.
    const payload = JSON.stringify({ type: "link.created", timestamp: new Date().toISOString(), data: { title: "De outro processo" } });
    await query(
      database.url,
      `WITH row AS (INSERT INTO "WebhookDelivery" ("id", "endpointId", "eventId", "type", "payload", "nextAttemptAt", "createdAt")
         VALUES ('wd_fora', $1, 'msg_fora', 'link.created', $2, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC') RETURNING "id")
       SELECT pg_notify('vitrine_outbox', 'webhook') FROM row`,
      [hook.json.id, payload],
    );
    await waitFor("a row written elsewhere is sent", () => titles().includes("De outro processo"), 5_000);

    // Frozen sender: the request is answered at once, its delivery waits for the sender (the server does not send it).
    process.kill(sender, "SIGSTOP");
    await edit("Enquanto parado");
    await sleep(1_500);
    assert.equal(titles().includes("Enquanto parado"), false, "the server did not send it itself");
    process.kill(sender, "SIGCONT");
    await waitFor("delivered once the sender runs again", () => titles().includes("Enquanto parado"));

    // Killed sender: the next edit is answered, and its delivery waits for the new sender, which sends it.
    process.kill(sender, "SIGKILL");
    await sleep(200);
    await edit("Sem remetente");
    await waitFor("a new sender started", () => senders().length === 2);
    await waitFor("delivered by the new sender", () => titles().includes("Sem remetente"));
    await edit("Novo remetente");
    await waitFor("delivered by the new sender, listening", () => titles().includes("Novo remetente"));

    assert.equal(new Set(received.map((r) => r.id)).size, received.length, "each event once");
    assert.equal(received.length, 5);
  } finally {
    for (const pid of senders()) {
      try {
        process.kill(pid, "SIGCONT"); // a frozen one must run to end
      } catch {
        // already gone
      }
    }
    await app.stop();
    receiver.closeAllConnections?.();
    await new Promise((resolve) => receiver.close(resolve));
    // The server gone, no sender is left behind.
    for (const pid of senders()) {
      let alive = true;
      for (let i = 0; i < 100 && alive; i++) {
        try {
          process.kill(pid, 0);
          await sleep(100);
        } catch {
          alive = false;
        }
      }
      assert.equal(alive, false, `sender ${pid} ended with the server`);
    }
    await database.drop();
  }
});
