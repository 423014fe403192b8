import * as webhooks from "./route";
import * as links from "../links/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { deliverDueWebhooks } from "@/lib/webhooks/webhook-kind";
import { signedInUser } from "@/tests/factories";
import { request } from "@/tests/helpers/request";
import { startDnsServer, type TestDnsServer } from "@/tests/support/dns-server";

// Outgoing requests reach only public unicast addresses (api.md, "Fifth
// release, put right"): a name whose AAAA record is an IPv6 form carrying a
// private IPv4 (or site-local) is refused when the endpoint is created and
// when a delivery leaves. ALLOW_PRIVATE_OUTBOUND is off; names resolve on an
// in-process DNS server.

const FORMS: Record<string, string> = {
  "compatible.hooks.test": "::7f00:1", // IPv4-compatible 127.0.0.1
  "mapped.hooks.test": "::ffff:7f00:1",
  "sixtofour.hooks.test": "2002:7f00:1::",
  "sixtofour-metadata.hooks.test": "2002:a9fe:a9fe::1",
  "teredo.hooks.test": "2001:0:4136:e378:8000:63bf:80ff:fffe", // client 127.0.0.1
  "nat64.hooks.test": "64:ff9b::7f00:1",
  "nat64-local.hooks.test": "64:ff9b:1::a00:1",
  "site-local.hooks.test": "fec0::1",
};
const PUBLIC = "2606:4700:4700::1111";

let dns: TestDnsServer;
const saved = { ...process.env };

beforeAll(async () => {
  dns = await startDnsServer();
});
afterAll(async () => {
  await dns.close();
  process.env = saved;
  resetEnvCache();
});
beforeEach(() => {
  delete process.env.ALLOW_PRIVATE_OUTBOUND;
  process.env.DNS_SERVERS = dns.servers;
  resetEnvCache();
});

const resolveEach = (to: (name: string) => string) => {
  for (const name of Object.keys(FORMS)) dns.set(name, "AAAA", [to(name)]);
};

it("creation: a name resolving to any IPv6 form of a private address → 400 Endereço não permitido", async () => {
  resolveEach((name) => FORMS[name]!);
  const ana = await signedInUser();
  for (const name of Object.keys(FORMS)) {
    const res = await webhooks.POST(
      request(`/api/webhooks?page=${ana.user.username}`, { body: { url: `https://${name}/hook`, events: ["link.created"] }, headers: { cookie: ana.cookie } }),
    );
    expect([name, res.status, (await res.json()).message]).toEqual([name, 400, "Endereço não permitido"]);
  }
  expect(await db.webhookEndpoint.count()).toBe(0);
});

it("delivery: names public at creation and private at delivery are refused before any connection", async () => {
  resolveEach(() => PUBLIC);
  const ana = await signedInUser();
  for (const name of Object.keys(FORMS)) {
    const res = await webhooks.POST(
      request(`/api/webhooks?page=${ana.user.username}`, { body: { url: `https://${name}/hook`, events: ["link.created"] }, headers: { cookie: ana.cookie } }),
    );
    expect([name, res.status]).toEqual([name, 201]);
  }
  resolveEach((name) => FORMS[name]!);
  await links.POST(request(`/api/links?page=${ana.user.username}`, { body: { title: "Um", url: "https://um.example" }, headers: { cookie: ana.cookie } }));
  await deliverDueWebhooks();
  const deliveries = await db.webhookDelivery.findMany({ select: { lastError: true, attempts: true, endpoint: { select: { url: true } } } });
  expect(deliveries.map((d) => [d.endpoint.url, d.attempts, d.lastError]).sort()).toEqual(
    Object.keys(FORMS)
      .map((name) => [`https://${name}/hook`, 1, "private_address"])
      .sort(),
  );
});
