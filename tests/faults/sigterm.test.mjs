// SIGTERM while requests are in flight (a deploy, a scale-in): the server
// stops accepting connections at once, finishes what it started, and exits
// with code 0 within seconds, even with keep-alive clients connected.
import assert from "node:assert/strict";
import http from "node:http";
import net from "node:net";
import { after, before, test } from "node:test";
import { PORT_BASE, SECRET, call, createLinks, noisePng, register, sleep, startApp, tempDir, within } from "./lib.mjs";

let app;
before(async () => {
  app = await startApp({ port: PORT_BASE + 5, env: { DATA_DIR: tempDir("vitrine-faults-term-"), AUTH_SECRET: SECRET, TRUST_PROXY: "true" } });
});
after(async () => {
  await app?.stop();
});

/** A multipart avatar upload sent in small pieces over `durationMs`. */
function slowUpload(cookie, png, durationMs, agent) {
  const boundary = "----vitrine-faults-boundary";
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, png, tail]);
  let sentFirst;
  const started = new Promise((resolve) => (sentFirst = resolve));
  const done = new Promise((resolve, reject) => {
    const req = http.request(
      `${app.base}/api/user/avatar`,
      {
        method: "POST",
        agent,
        headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": body.length },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode, text, connection: res.headers.connection }));
      },
    );
    req.on("error", reject);
    req.setTimeout(20_000, () => req.destroy(new Error("the upload got no answer within 20 s")));
    const pieces = 20;
    const size = Math.ceil(body.length / pieces);
    let i = 0;
    const next = () => {
      req.write(body.subarray(i * size, (i + 1) * size));
      if (i === 0) sentFirst();
      i++;
      if (i < pieces) setTimeout(next, durationMs / pieces);
      else req.end();
    };
    next();
  });
  return { started, done };
}

function connectRefused(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (e) => resolve(e.code === "ECONNREFUSED"));
  });
}

test("SIGTERM drains in-flight requests, refuses new connections and exits with 0", { timeout: 150_000 }, async (t) => {
  const { cookie } = await register(app.base, "tereza");
  await createLinks(app.base, cookie, 3, "Tereza");
  const png = await noisePng(700);

  // Keep-alive clients, as a load balancer keeps them: two idle connections
  // left open by earlier requests, and the in-flight requests on their own.
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 20 });
  for (let i = 0; i < 2; i++) {
    await within(
      10_000,
      "a keep-alive request",
      new Promise((resolve, reject) => http.get(`${app.base}/api/health`, { agent: keepAlive }, (res) => res.resume().on("end", resolve)).on("error", reject)),
    );
  }

  const upload = slowUpload(cookie, png, 2_500, keepAlive);
  await upload.started;
  // Several reads in flight at the same moment.
  const reads = Array.from({ length: 8 }, () => call(app.base, "/api/links", { cookie, timeout: 15_000 }));
  await sleep(300);

  const signalledAt = performance.now();
  app.child.kill("SIGTERM");
  await sleep(200);
  const refused = await within(5_000, "connecting during the drain", connectRefused(app.port));

  const uploaded = await within(25_000, "the upload in flight", upload.done);
  const readResults = await within(20_000, "the reads in flight", Promise.all(reads));
  const exit = await Promise.race([app.exited, sleep(10_000).then(() => null)]);
  const drainMs = performance.now() - signalledAt;
  keepAlive.destroy();

  assert.equal(refused, true, "a new connection is refused once draining starts");
  assert.equal(uploaded.status, 200, `the upload in flight completes: ${uploaded.text.slice(0, 200)}`);
  assert.match(JSON.parse(uploaded.text).user.avatarUrl, /^\/uploads\/avatar-[0-9a-f]{32}\.webp$/);
  assert.deepEqual(
    readResults.map((r) => r.status),
    readResults.map(() => 200),
    "every read in flight completes",
  );
  assert.ok(exit, `the process exits within 10 s of SIGTERM:\n${app.log().slice(-1500)}`);
  assert.deepEqual(exit, { code: 0, signal: null }, "a clean exit");
  assert.ok(drainMs < 5_000, `drained in ${Math.round(drainMs)} ms`);
  t.diagnostic(`SIGTERM to exit: ${Math.round(drainMs)} ms (an upload streamed over 2.5 s and 8 reads in flight, 2 idle keep-alive connections)`);
});
