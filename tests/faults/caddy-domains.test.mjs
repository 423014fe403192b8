// Self-hosted TLS for custom domains (api.md, Custom domains) with the real
// Caddy (Debian's /usr/bin/caddy, 2.6.2), started here on loopback ports from
// the repository's deploy/Caddyfile (its `app:3000` pointed at the app under
// test, its issuer Caddy's own local authority: offline). A verified domain
// gets a certificate and its page over HTTPS (the client resolving the name to
// 127.0.0.1 and trusting Caddy's local root, from its data directory); a name
// the app does not allow gets no certificate.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import https from "node:https";
import { createServer } from "node:net";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { SECRET, atExit, freshDatabase, query, register, sleep, startApp, tempDir } from "./lib.mjs";

const CADDY = "/usr/bin/caddy";
const DOMAIN = "links.loja.test";

/** A port no one listens on now (the kernel's choice). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** GET https://{name}{pathname} through 127.0.0.1:{port}, trusting `ca` only. */
function httpsGet(port, name, pathname, ca) {
  return new Promise((resolve, reject) => {
    const req = https.get({ host: "127.0.0.1", port, servername: name, path: pathname, headers: { host: name }, ca, timeout: 15_000 }, (res) => {
      let body = "";
      const cert = res.socket.getPeerCertificate();
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body, cert }));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
  });
}

describe("Caddy on demand, asking the app", { skip: !existsSync(CADDY) && "Caddy is not installed (.ci/run installs it)" }, () => {
  let database;
  let app;
  let caddy;
  let caddyLog = "";
  let httpsPort;
  let dataDir;

  before(async () => {
    database = await freshDatabase();
    const appPort = await freePort();
    app = await startApp({
      port: appPort,
      env: {
        DATABASE_URL: database.url,
        AUTH_SECRET: SECRET,
        DATA_DIR: tempDir("vitrine-faults-caddy-app-"),
        CUSTOM_DOMAIN_TARGET: "cname.vitrine.test",
        TRUST_PROXY: "1",
      },
    });
    await register(app.base, "ana");
    const [page] = await query(database.url, `SELECT "id" FROM "Page" WHERE "username" = 'ana'`);
    await query(
      database.url,
      `INSERT INTO "CustomDomain" ("id", "pageId", "domain", "token", "status", "verifiedAt") VALUES ('dom1', $1, $2, 't', 'active', now())`,
      [page.id, DOMAIN],
    );
    // As an instance that verified it says so to the others (lib/domains/load-host-list.ts).
    await query(database.url, `INSERT INTO "PageChange" ("pageId") VALUES ($1), ($2)`, [`domain:${page.id}`, page.id]);

    httpsPort = await freePort();
    const httpPort = await freePort();
    dataDir = tempDir("vitrine-faults-caddy-");
    const shipped = readFileSync(path.resolve("deploy/Caddyfile"), "utf8");
    const config = shipped
      .replaceAll("app:3000", `127.0.0.1:${appPort}`)
      // Loopback ports, no admin endpoint, Caddy's own authority for every certificate, nothing installed on this machine.
      .replace("{\n", `{\n\tadmin off\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tlocal_certs\n\tskip_install_trust\n`);
    const file = path.join(dataDir, "Caddyfile");
    writeFileSync(file, config);
    caddy = spawn(CADDY, ["run", "--config", file, "--adapter", "caddyfile"], {
      env: {
        ...process.env,
        XDG_DATA_HOME: path.join(dataDir, "data"),
        XDG_CONFIG_HOME: path.join(dataDir, "config"),
        HOME: dataDir,
        APP_DOMAIN: "vitrine.test",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    atExit(() => caddy.exitCode === null && caddy.kill("SIGKILL"));
    caddy.stdout.on("data", (d) => (caddyLog += d));
    caddy.stderr.on("data", (d) => (caddyLog += d));
    for (let i = 0; i < 100 && !caddyLog.includes("serving initial configuration"); i++) await sleep(100);
    assert.match(caddyLog, /serving initial configuration/, caddyLog);
    // The app reads other instances' changes every 400 ms.
    await sleep(1_000);
  });

  after(async () => {
    caddy?.kill("SIGTERM");
    await app?.stop();
    await database?.drop();
  });

  const localRoot = () => readFileSync(path.join(dataDir, "data", "caddy", "pki", "authorities", "local", "root.crt"));

  test("a verified domain gets a certificate and its page over HTTPS, with no session cookie", async () => {
    const res = await httpsGet(httpsPort, DOMAIN, "/", localRoot());
    assert.equal(res.status, 200, caddyLog.slice(-3000));
    assert.match(res.body, new RegExp(`<link rel="canonical" href="https://${DOMAIN.replaceAll(".", "\\.")}/"/>`));
    assert.equal(res.headers["set-cookie"], undefined);
    assert.ok(res.cert?.subjectaltname?.includes(`DNS:${DOMAIN}`), JSON.stringify(res.cert?.subjectaltname));
    const login = await httpsGet(httpsPort, DOMAIN, "/api/user", localRoot());
    assert.equal(login.status, 404);
  });

  test("an unknown domain gets no certificate", async () => {
    // Caddy asked the app, got 404, and ends the handshake with no certificate at all.
    await assert.rejects(httpsGet(httpsPort, "outro.loja.test", "/", localRoot()), (error) => {
      assert.match(`${error.code} ${error.message}`, /SSL|TLS|alert|ECONNRESET|socket hang up/i);
      return true;
    });
    assert.doesNotMatch(caddyLog, /"identifier":"outro\.loja\.test"/);
  });
});
