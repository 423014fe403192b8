import http from "node:http";
import type { AddressInfo } from "node:net";
import { seal } from "@/lib/email/seal";
import { db } from "@/lib/server/db";
import { dnsResolver } from "@/lib/server/dns";
import { resetEnvCache } from "@/lib/server/env";
import { queueWebhookEvent } from "@/lib/webhooks/webhook-outbox";
import { newWebhookSecret } from "@/lib/webhooks/webhook-sign";
import { CLAIM_MS, deliverDueWebhooks, deliverQueuedWebhooks, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from "@/lib/webhooks/webhook-kind";
import { createUser } from "@/tests/factories";
import { startDnsServer, type TestDnsServer } from "@/tests/support/dns-server";

// Bounded webhooks (api.md, "Fifth release, put right"): at most 4
// deliveries in flight to one host, the others waiting their turn (none lost,
// none failed for waiting); each host name resolved once per batch; each
// outcome written as its attempt ends, and a failed first try sent again
// about 5 s later by the process that made it, a timer (npm start) or within
// the same after() work (a serverless host), claiming its row as any sender.

/** A receiver on 127.0.0.1 that holds each request `holdMs` (forever when null) and counts those open at once. */
async function slowReceiver(holdMs: number | null, status = 200) {
  const r = { open: 0, maxOpen: 0, times: [] as number[], paths: [] as string[], url: "", close: async () => {} };
  const server = http.createServer((req, res) => {
    r.open += 1;
    r.maxOpen = Math.max(r.maxOpen, r.open);
    r.times.push(Date.now());
    r.paths.push(req.url ?? "");
    req.resume();
    res.on("close", () => (r.open -= 1));
    if (holdMs !== null) setTimeout(() => res.writeHead(status).end("ok"), holdMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  r.close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return r;
}

/** An endpoint of page `pageId` for page.updated (written directly: the page limit is not what is tested here). */
const endpoint = (pageId: string, url: string) =>
  db.webhookEndpoint.create({ data: { pageId, url, events: ["page.updated"], secret: seal(newWebhookSecret()) } });
const rowsOf = (ids: string[]) =>
  db.webhookDelivery.findMany({ where: { id: { in: ids } }, select: { status: true, attempts: true, lockedBy: true, lastError: true } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(ok: () => boolean | Promise<boolean>, ms: number) {
  for (const end = Date.now() + ms; !(await ok()) && Date.now() < end;) await sleep(50);
}

beforeEach(() => {
  process.env.ALLOW_PRIVATE_OUTBOUND = "1";
  resetEnvCache();
});
afterEach(() => {
  delete process.env.ALLOW_PRIVATE_OUTBOUND;
  resetEnvCache();
});

it("20 deliveries to endpoints on one host, in two batches at once: never more than 4 in flight, all delivered", async () => {
  const receiver = await slowReceiver(150);
  try {
    const pages = [await createUser(), await createUser()];
    for (const page of pages) for (let i = 0; i < 10; i++) await endpoint(page.id, `${receiver.url}/hook/${page.id}/${i}`);
    const batches = await Promise.all(pages.map((page) => queueWebhookEvent(db, page.id, "page.updated", { id: page.id })));
    const delivered = await Promise.all(batches.map((ids) => deliverQueuedWebhooks(ids)));
    expect(delivered).toEqual([10, 10]);
    expect(receiver.paths).toHaveLength(20);
    expect(receiver.maxOpen).toBe(4);
    expect(await rowsOf(batches.flat())).toEqual(batches.flat().map(() => expect.objectContaining({ status: "delivered", attempts: 1 })));
  } finally {
    await receiver.close();
  }
});

it("a delivery whose turn comes too late for its claim is released for the jobs, not failed", async () => {
  const receiver = await slowReceiver(3_000);
  try {
    const page = await createUser();
    for (let i = 0; i < 6; i++) await endpoint(page.id, `${receiver.url}/hook/${i}`);
    // Written and claimed on a clock that leaves the claim room for one round of four only (2.5 s more than an attempt may take).
    const then = new Date(Date.now() - CLAIM_MS + WEBHOOK_TIMEOUT_MS + 2_500);
    const ids = await queueWebhookEvent(db, page.id, "page.updated", { id: page.id }, then);
    expect(await deliverDueWebhooks({ now: then })).toMatchObject({ tried: 6, sent: 4 });
    const rows = await rowsOf(ids);
    expect(rows.filter((r) => r.status === "delivered")).toHaveLength(4);
    expect(rows.filter((r) => r.status === "pending")).toEqual([0, 1].map(() => ({ status: "pending", attempts: 0, lockedBy: null, lastError: null })));
    expect(await deliverDueWebhooks()).toMatchObject({ tried: 2, sent: 2 });
    expect(receiver.paths).toHaveLength(6);
  } finally {
    await receiver.close();
  }
});

describe("host names", () => {
  let dns: TestDnsServer;
  beforeAll(async () => {
    dns = await startDnsServer();
    for (const name of ["a.hooks.test", "b.hooks.test"]) dns.set(name, "A", ["127.0.0.1"]);
  });
  afterAll(() => dns.close());

  it("each host name of a batch is resolved once, and every attempt connects to its checked address", async () => {
    process.env.DNS_SERVERS = dns.servers;
    resetEnvCache();
    const receiver = await slowReceiver(20);
    const asked = jest.spyOn(dnsResolver(), "resolve4");
    try {
      const page = await createUser();
      const port = new URL(receiver.url).port;
      for (let i = 0; i < 10; i++) await endpoint(page.id, `http://${i % 2 ? "a" : "b"}.hooks.test:${port}/hook/${i}`);
      const ids = await queueWebhookEvent(db, page.id, "page.updated", { id: page.id });
      expect(await deliverQueuedWebhooks(ids)).toBe(10);
      expect(asked.mock.calls.map(([name]) => name).sort()).toEqual(["a.hooks.test", "b.hooks.test"]);
      expect(receiver.paths).toHaveLength(10);
    } finally {
      asked.mockRestore();
      delete process.env.DNS_SERVERS;
      await receiver.close();
    }
  });
});

describe("the first retry, about 5 s after the failure, while another endpoint of the same request hangs", () => {
  it.each(["timer", "wait"] as const)(
    "firstRetry %s",
    async (firstRetry) => {
      const failing = await slowReceiver(0, 500);
      const hanging = await slowReceiver(null);
      try {
        const page = await createUser();
        await endpoint(page.id, `${failing.url}/hook`);
        await endpoint(page.id, `${hanging.url}/hook`);
        const ids = await queueWebhookEvent(db, page.id, "page.updated", { id: page.id });
        const sending = deliverQueuedWebhooks(ids, { retry: firstRetry });
        await until(() => failing.times.length === 2, 10_000);
        expect(failing.times).toHaveLength(2);
        const waited = failing.times[1]! - failing.times[0]!;
        expect(waited).toBeGreaterThanOrEqual(WEBHOOK_RETRY_DELAYS_MS[0]!);
        expect(waited).toBeLessThan(10_000);
        expect(hanging.times).toHaveLength(1);
        expect(hanging.open).toBe(1); // still hanging: the retry waited for no one
        // The hanging one ends (its connection cut): it fails and is retried too, 5 s on.
        await hanging.close();
        const second = await slowReceiver(0);
        await db.webhookEndpoint.updateMany({ where: { url: `${hanging.url}/hook` }, data: { url: `${second.url}/hook` } });
        try {
          await sending;
          await until(async () => (await db.webhookDelivery.count({ where: { status: "delivered" } })) === 1, 10_000);
          expect(second.times).toHaveLength(1);
        } finally {
          await second.close();
        }
        const rows = await db.webhookDelivery.findMany({ where: { id: { in: ids } }, include: { endpoint: { select: { url: true } } } });
        expect(rows.map((r) => [r.endpoint.url.startsWith(failing.url), r.status, r.attempts, r.lastStatusCode]).sort()).toEqual([
          [false, "delivered", 2, 200],
          [true, "pending", 2, 500],
        ]);
      } finally {
        await failing.close();
        await hanging.close().catch(() => {});
      }
    },
    30_000,
  );

  it("the retry claims its row: sent once, by this process when no one else took it, never again after the jobs did", async () => {
    const receiver = await slowReceiver(0, 500);
    try {
      const page = await createUser();
      await endpoint(page.id, `${receiver.url}/first`);
      const first = await queueWebhookEvent(db, page.id, "page.updated", { id: page.id });
      await deliverQueuedWebhooks(first, { retry: "timer" });
      // The jobs come first for this one (their clock past its retry's time): the second attempt is theirs.
      expect((await deliverDueWebhooks({ now: new Date(Date.now() + WEBHOOK_RETRY_DELAYS_MS[0]! + 1_000) })).tried).toBe(1);
      // Another delivery that no one else takes: this process's timer sends its retry.
      await db.webhookEndpoint.updateMany({ data: { url: `${receiver.url}/second` } });
      const second = await queueWebhookEvent(db, page.id, "page.updated", { id: page.id });
      await deliverQueuedWebhooks(second, { retry: "timer" });
      await sleep(WEBHOOK_RETRY_DELAYS_MS[0]! + 1_000);
      expect(receiver.paths).toEqual(["/first", "/first", "/second", "/second"]);
      expect(await rowsOf([...first, ...second])).toEqual([0, 1].map(() => expect.objectContaining({ status: "pending", attempts: 2 })));
    } finally {
      await receiver.close();
    }
  }, 20_000);
});
