// kill -9 between the request that causes a webhook and its delivery: the
// receiver holds the first attempt open (the app is mid-send when it dies).
// Once the app is started again, the delivery (a row since the request) is
// claimed again when the dead sender's claim passes and reaches the receiver
// with the same webhook-id: nothing is lost across a restart.
import assert from "node:assert/strict";
import http from "node:http";
import { test } from "node:test";
import { PORT_BASE, SECRET, call, register, sleep, startApp, tempDir } from "./lib.mjs";

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
