import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { metricsText } from "./metrics";
import { startRequestMetrics } from "./request-metrics";

// Any node:http server of the process is counted once its response has gone,
// by status, with its time: what server.mjs and `next start` both are.

/** The sum of the request counter over every route for this method and status. */
async function counted(method: string, status: number): Promise<number> {
  const { body } = await metricsText();
  const line = new RegExp(`^vitrine_http_requests_total\\{route="[^"]*",method="${method}",status="${status}"\\} (\\d+)$`, "gm");
  return [...body.matchAll(line)].reduce((sum, m) => sum + Number(m[1]), 0);
}

async function timed(): Promise<number> {
  const { body } = await metricsText();
  return [...body.matchAll(/^vitrine_http_request_duration_seconds_count\{[^}]*method="PATCH"\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

describe("request metrics from Node's HTTP diagnostics channels", () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    // Started twice, as two bundles of one process may: each request still counts once.
    startRequestMetrics();
    startRequestMetrics();
    server = createServer((req, res) => {
      if (req.url === "/slow") setTimeout(() => res.writeHead(299).end(), 30);
      else res.writeHead(req.url === "/teapot" ? 418 : 299).end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("counts each answered request once, by method and status, with its time", async () => {
    const before = { ok: await counted("PATCH", 299), teapot: await counted("PATCH", 418), timed: await timed() };
    for (const path of ["/a", "/slow", "/teapot"]) expect((await fetch(`${base}${path}`, { method: "PATCH" })).status).toBe(path === "/teapot" ? 418 : 299);
    // The finish event comes after the client has its answer: wait for it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await counted("PATCH", 299)).toBe(before.ok + 2);
    expect(await counted("PATCH", 418)).toBe(before.teapot + 1);
    expect(await timed()).toBe(before.timed + 3);
  });

  it("labels no raw path", async () => {
    await fetch(`${base}/ana_souza/7f1c`, { method: "PATCH" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await metricsText()).body).not.toContain("ana_souza");
  });
});
