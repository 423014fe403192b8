import http from "node:http";
import type { AddressInfo } from "node:net";
import { resetEnvCache } from "./env";
import { isPrivateAddress, OutboundError, safeFetch } from "./outbound";

// Outgoing requests reach public addresses only (api.md, Public API and
// webhooks): checked after the name resolves, no redirect followed unless on
// the same origin, time and size capped. A real local server answers.

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.100.100.200",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fd00:ec2::254",
    "fc00::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "64:ff9b::a9fe:a9fe",
    "[::1]",
    "not-an-address",
    "127.1", // a short form node:net does not call an address
    // IPv6 forms that carry an IPv4 address (api.md, sixth release)
    "::7f00:1", // IPv4-compatible ::/96
    "::127.0.0.1",
    "::a9fe:a9fe",
    "::ffff:0:7f00:1", // IPv4-translated ::ffff:0:0:0/96
    "2002:7f00:1::", // 6to4: 127.0.0.1 in bits 16–48
    "2002:a9fe:a9fe::1",
    "2001:0:4136:e378:8000:63bf:80ff:fffe", // Teredo, client 127.0.0.1 (last 32 bits inverted)
    "2001:0:808:808:8000:63bf:f7f7:f7f7", // Teredo with public server and client: refused outright
    "64:ff9b::7f00:1", // NAT64
    "64:ff9b:1::a00:1", // local-use NAT64 /96
    "64:ff9b:1:7f00:0:100::", // local-use NAT64 in its /48 form: the IPv4's place is unknown
    "fec0::1", // site-local
    "100::1", // discard
    "2001:db8::1", // documentation
    "5f00::1", // segment routing
    "4000::1", // outside 2000::/3
    "::1:2:3:4",
  ])("refuses %s", (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "192.169.0.1",
    "2606:4700:4700::1111",
    "2001:4860:4860::8888",
    "::ffff:8.8.8.8",
    "::ffff:808:808",
    "::8.8.8.8",
    "64:ff9b::808:808",
    "64:ff9b:1::808:808",
    "2002:808:808::1",
  ])("lets %s through", (address) => expect(isPrivateAddress(address)).toBe(false));
});

describe("safeFetch", () => {
  let server: http.Server;
  let origin: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === "/big") return res.end("x".repeat(5000));
      if (req.url === "/slow") return void setTimeout(() => res.end("late"), 2000).unref();
      if (req.url === "/hop") return res.writeHead(302, { location: "/ok" }).end();
      if (req.url === "/away") return res.writeHead(302, { location: "http://example.com/" }).end();
      if (req.url === "/echo") {
        let body = "";
        req.on("data", (c) => (body += c));
        return req.on("end", () => res.end(`${req.method} ${body}`));
      }
      res.end("ok");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
  });

  const allowPrivate = () => {
    process.env.ALLOW_PRIVATE_OUTBOUND = "1";
    resetEnvCache();
  };
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => "answered",
      (error: unknown) => (error instanceof OutboundError ? error.failure : String(error)),
    );

  it("refuses loopback by address and by name without the setting, http:// too", async () => {
    delete process.env.ALLOW_PRIVATE_OUTBOUND;
    resetEnvCache();
    expect(await failure(safeFetch(origin, { timeoutMs: 1000, maxBytes: 100 }))).toBe("bad_url");
    expect(await failure(safeFetch("https://127.0.0.1/", { timeoutMs: 1000, maxBytes: 100 }))).toBe("private_address");
    expect(await failure(safeFetch("https://localhost/", { timeoutMs: 1000, maxBytes: 100 }))).toBe("private_address");
    expect(await failure(safeFetch("https://[::1]/", { timeoutMs: 1000, maxBytes: 100 }))).toBe("private_address");
    expect(await failure(safeFetch("https://user:pw@example.com/", { timeoutMs: 1000, maxBytes: 100 }))).toBe("bad_url");
    expect(await failure(safeFetch("ftp://example.com/", { timeoutMs: 1000, maxBytes: 100 }))).toBe("bad_url");
  });

  it("with ALLOW_PRIVATE_OUTBOUND, answers; posts a body", async () => {
    allowPrivate();
    const answer = await safeFetch(`${origin}/echo`, { method: "POST", body: "oi", timeoutMs: 2000, maxBytes: 100 });
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe("POST oi");
  });

  it("caps size and time", async () => {
    allowPrivate();
    expect(await failure(safeFetch(`${origin}/big`, { timeoutMs: 2000, maxBytes: 4096 }))).toBe("too_large");
    expect(await failure(safeFetch(`${origin}/slow`, { timeoutMs: 200, maxBytes: 4096 }))).toBe("timeout");
  });

  it("answers a redirect as it is, follows one only on the same origin when allowed", async () => {
    allowPrivate();
    const plain = await safeFetch(`${origin}/hop`, { timeoutMs: 2000, maxBytes: 100 });
    expect(plain.status).toBe(302);
    const followed = await safeFetch(`${origin}/hop`, { timeoutMs: 2000, maxBytes: 100, sameOriginRedirects: 2 });
    expect([followed.status, followed.body.toString(), followed.url]).toEqual([200, "ok", `${origin}/ok`]);
    expect(await failure(safeFetch(`${origin}/away`, { timeoutMs: 2000, maxBytes: 100, sameOriginRedirects: 2 }))).toBe("redirect");
  });

  it("a closed port is a network failure", async () => {
    allowPrivate();
    expect(await failure(safeFetch("http://127.0.0.1:1/", { timeoutMs: 2000, maxBytes: 100 }))).toBe("network");
  });

  it("keepAlive: one connection serves the next requests to the address; one the server dropped meanwhile is replaced, the request answered", async () => {
    allowPrivate();
    const sockets: import("node:net").Socket[] = [];
    const kept = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => res.end("ok"));
    });
    kept.on("connection", (socket) => sockets.push(socket));
    await new Promise<void>((r) => kept.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(kept.address() as AddressInfo).port}/hook`;
    const post = () => safeFetch(url, { method: "POST", body: "{}", timeoutMs: 2000, maxBytes: 100, keepAlive: true });
    try {
      for (let i = 0; i < 3; i++) expect((await post()).status).toBe(200);
      expect(sockets).toHaveLength(1);
      // The server closes the idle connection without a word (as a server's own idle timeout does), and the client learns it only on use.
      sockets[0]!.destroy();
      expect((await post()).body.toString()).toBe("ok");
      expect(sockets).toHaveLength(2);
      // Without keepAlive each request has its own connection.
      await safeFetch(url, { method: "POST", body: "{}", timeoutMs: 2000, maxBytes: 100 });
      expect(sockets).toHaveLength(3);
    } finally {
      kept.closeAllConnections();
      await new Promise((r) => kept.close(r));
    }
  });

  it("keepAlive: ten requests at once to one address open ten connections, and the next ten at once reuse them all", async () => {
    allowPrivate();
    let connections = 0;
    const kept = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => setTimeout(() => res.end("ok"), 20));
    });
    kept.on("connection", () => (connections += 1));
    await new Promise<void>((r) => kept.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(kept.address() as AddressInfo).port}/batch`;
    const batch = () =>
      Promise.all(Array.from({ length: 10 }, () => safeFetch(url, { method: "POST", body: "{}", timeoutMs: 2000, maxBytes: 100, keepAlive: true })));
    try {
      expect((await batch()).map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(connections).toBe(10);
      await batch();
      expect(connections).toBe(10);
    } finally {
      kept.closeAllConnections();
      await new Promise((r) => kept.close(r));
    }
  });
});
