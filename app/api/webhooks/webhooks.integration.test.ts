import { Webhook } from "standardwebhooks";
import * as webhooks from "./route";
import * as webhookById from "./[id]/route";
import * as webhookTest from "./[id]/test/route";
import * as deliveries from "./[id]/deliveries/route";
import * as links from "../links/route";
import * as linkById from "../links/[id]/route";
import * as userRoute from "../user/route";
import * as keys from "../keys/route";
import { confirmSubscription, unsubscribe } from "@/lib/audience/subscribe-mutations";
import { runJobs } from "@/lib/jobs/run-jobs";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { hashToken } from "@/lib/server/token-hash";
import { addDays, saoPauloDay } from "@/lib/dates/sao-paulo-days";
import { webhookJobs } from "@/lib/webhooks/webhook-jobs";
import { claimRows, firstTries } from "@/lib/outbox/claim-rows";
import { queueWebhookEvent } from "@/lib/webhooks/webhook-outbox";
import {
  CLAIM_MS,
  deliverDueWebhooks,
  deliverQueuedWebhooks,
  FAILING_OFF_MS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
  webhookKind,
} from "@/lib/webhooks/webhook-kind";
import { addMember, signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";
import { startReceiver, type Receiver } from "@/tests/helpers/webhook-receiver";

// Webhooks (api.md, "Public API and webhooks") against a receiver on
// 127.0.0.1: ALLOW_PRIVATE_OUTBOUND=1 as in development, except where a test
// checks that private addresses are refused without it.

let receiver: Receiver;
beforeEach(async () => {
  process.env.ALLOW_PRIVATE_OUTBOUND = "1";
  resetEnvCache();
  receiver = await startReceiver();
});
afterEach(async () => {
  delete process.env.ALLOW_PRIVATE_OUTBOUND;
  resetEnvCache();
  await receiver.close();
});

type Who = Awaited<ReturnType<typeof signedInUser>>;
const named = (who: Who) => `?page=${who.user.username}`;

async function addWebhook(who: Who, body: unknown) {
  return webhooks.POST(request(`/api/webhooks${named(who)}`, { body, headers: { cookie: who.cookie } }));
}

async function made(who: Who, url: string, events: string[]) {
  const res = await addWebhook(who, { url, events });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; secret: string; url: string; events: string[]; active: boolean };
}

/** Verified with the Standard Webhooks library: the parsed body, or a throw. */
const verified = (secret: string, r: { headers: Record<string, string>; body: string }) =>
  new Webhook(secret).verify(r.body, r.headers) as { type: string; timestamp: string; data: Record<string, unknown> };

it("POST /api/webhooks: secret shown once; GET lists without it; unknown event → 400; an editor → 403", async () => {
  const ana = await signedInUser();
  const hook = await made(ana, receiver.url, ["link.created", "link.created"]);
  expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  expect(Buffer.from(hook.secret.slice(6), "base64")).toHaveLength(32);
  expect(hook).toMatchObject({ url: receiver.url, events: ["link.created"], active: true });
  const listed = await (await webhooks.GET(request(`/api/webhooks${named(ana)}`, { headers: { cookie: ana.cookie } }))).json();
  expect(listed).toEqual([expect.objectContaining({ id: hook.id, url: receiver.url })]);
  expect(JSON.stringify(listed)).not.toContain(hook.secret.slice(6));
  expect(JSON.stringify(await db.webhookEndpoint.findMany())).not.toContain(hook.secret.slice(6));

  const unknown = await addWebhook(ana, { url: receiver.url, events: ["link.moved"] });
  expect(unknown.status).toBe(400);
  const editor = await signedInUser();
  await addMember(ana.user.id, editor.user.id, "editor");
  const asEditor = await webhooks.POST(
    request(`/api/webhooks${named(ana)}`, { body: { url: receiver.url, events: ["link.created"] }, headers: { cookie: editor.cookie } }),
  );
  expect(asEditor.status).toBe(403);

  // PATCH and DELETE; another page's endpoint is a 404.
  const off = await webhookById.PATCH(
    request(`/api/webhooks/${hook.id}${named(ana)}`, { method: "PATCH", body: { active: false, events: ["page.updated"] }, headers: { cookie: ana.cookie } }),
    params({ id: hook.id }),
  );
  expect(await off.json()).toMatchObject({ active: false, events: ["page.updated"] });
  const other = await signedInUser();
  expect(
    (
      await webhookById.DELETE(
        request(`/api/webhooks/${hook.id}${named(other)}`, { method: "DELETE", headers: { cookie: other.cookie } }),
        params({ id: hook.id }),
      )
    ).status,
  ).toBe(404);
  expect(
    (await webhookById.DELETE(request(`/api/webhooks/${hook.id}${named(ana)}`, { method: "DELETE", headers: { cookie: ana.cookie } }), params({ id: hook.id })))
      .status,
  ).toBe(200);
  expect(await db.webhookEndpoint.count()).toBe(0);
});

it("the sales' events (order.paid, order.refunded) are accepted only where selling is on: elsewhere 400 with a pt-BR message", async () => {
  const SELLING = ["MERCADOPAGO_CLIENT_ID", "MERCADOPAGO_CLIENT_SECRET", "MERCADOPAGO_WEBHOOK_SECRET"] as const;
  const saved = SELLING.map((name) => process.env[name]);
  const sellingOn = (on: boolean) => {
    for (const name of SELLING) {
      if (on) process.env[name] = `teste-${name.toLowerCase()}`;
      else delete process.env[name];
    }
    resetEnvCache();
  };
  try {
    const ana = await signedInUser();
    sellingOn(false);
    for (const events of [["order.paid"], ["link.created", "order.refunded"]]) {
      const refused = await addWebhook(ana, { url: receiver.url, events });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        message: "Os eventos de vendas só existem onde a venda com Pix está ativada",
        errors: { events: "Os eventos de vendas só existem onde a venda com Pix está ativada" },
      });
    }
    expect(await db.webhookEndpoint.count()).toBe(0);
    const hook = await made(ana, receiver.url, ["link.created"]);
    const patched = await webhookById.PATCH(
      request(`/api/webhooks/${hook.id}${named(ana)}`, { method: "PATCH", body: { events: ["order.paid"] }, headers: { cookie: ana.cookie } }),
      params({ id: hook.id }),
    );
    expect(patched.status).toBe(400);
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).events).toEqual(["link.created"]);

    sellingOn(true);
    expect((await made(ana, receiver.url, ["order.paid", "order.refunded"])).events).toEqual(["order.paid", "order.refunded"]);
    const now = await webhookById.PATCH(
      request(`/api/webhooks/${hook.id}${named(ana)}`, { method: "PATCH", body: { events: ["order.paid"] }, headers: { cookie: ana.cookie } }),
      params({ id: hook.id }),
    );
    expect(await now.json()).toMatchObject({ events: ["order.paid"] });
  } finally {
    SELLING.forEach((name, i) => (saved[i] === undefined ? delete process.env[name] : (process.env[name] = saved[i])));
    resetEnvCache();
  }
});

it("a key with webhooks:write manages webhooks; without it 403", async () => {
  const ana = await signedInUser();
  // POST /api/keys needs a verified address.
  await db.user.update({ where: { id: ana.user.id }, data: { emailVerified: new Date() } });
  const create = async (scopes: string[]) =>
    (await (await keys.POST(request("/api/keys", { body: { name: "n8n", scopes }, headers: { cookie: ana.cookie } }))).json()).key as string;
  const hooksKey = await create(["webhooks:write"]);
  const linksKey = await create(["links:read"]);
  const ok = await webhooks.POST(
    request("/api/webhooks", { body: { url: receiver.url, events: ["link.created"] }, headers: { authorization: `Bearer ${hooksKey}` } }),
  );
  expect(ok.status).toBe(201);
  const refused = await webhooks.GET(request("/api/webhooks", { headers: { authorization: `Bearer ${linksKey}` } }));
  expect(refused.status).toBe(403);
});

it("each event of api.md reaches its endpoint once, signed (verified with standardwebhooks), with its data", async () => {
  const ana = await signedInUser();
  const all = ["subscriber.confirmed", "subscriber.unsubscribed", "link.created", "link.updated", "link.deleted", "page.updated", "stats.daily"];
  const hook = await made(ana, receiver.url, all);
  // A second endpoint that asked for link.created only, and one turned off: neither gets the others.
  const second = await startReceiver();
  try {
    await made(ana, second.url, ["link.created"]);
    const offHook = await made(ana, second.url, all);
    await db.webhookEndpoint.update({ where: { id: offHook.id }, data: { active: false } });
    const cookie = { cookie: ana.cookie };

    const created = await (
      await links.POST(request(`/api/links${named(ana)}`, { body: { title: "Loja", url: "https://loja.example" }, headers: cookie }))
    ).json();
    await linkById.PATCH(
      request(`/api/links/${created.id}${named(ana)}`, { method: "PATCH", body: { active: false }, headers: cookie }),
      params({ id: created.id }),
    );
    await linkById.DELETE(request(`/api/links/${created.id}${named(ana)}`, { method: "DELETE", headers: cookie }), params({ id: created.id }));
    await userRoute.PATCH(request(`/api/user${named(ana)}`, { method: "PATCH", body: { fontFamily: "serif" }, headers: cookie }));

    const sub = await db.subscriber.create({
      data: {
        pageId: ana.user.id,
        source: "Novidades",
        email: "leitora@example.com",
        consentText: "Sim",
        consentVersion: "0",
        confirmTokenHash: hashToken("tok-confirm"),
      },
    });
    await confirmSubscription("tok-confirm");
    await db.unsubscribeLink.create({ data: { tokenHash: hashToken("tok-out"), subscriberId: sub.id } });
    await unsubscribe("tok-out");
    await unsubscribe("tok-out"); // a used link: no second event

    const yesterday = addDays(saoPauloDay(new Date()), -1);
    await db.dailyProfileStat.create({
      data: { pageId: ana.user.id, day: new Date(`${yesterday}T00:00:00Z`), views: 10, visitors: 7, clicks: 4, subscribers: 2 },
    });
    await runJobs(webhookJobs(), { deadlineMs: 20_000 });
    await runJobs(webhookJobs(), { deadlineMs: 20_000 }); // once a day: a second run writes nothing
    await deliverDueWebhooks();

    const events = receiver.received.map((r) => verified(hook.secret, r));
    expect(events.map((e) => e.type).sort()).toEqual([...all].sort());
    const of = (type: string) => events.find((e) => e.type === type)!.data;
    expect(of("link.created")).toMatchObject({ id: created.id, title: "Loja", url: "https://loja.example/" });
    expect(of("link.updated")).toMatchObject({ id: created.id, active: false });
    expect(of("link.deleted")).toEqual({ id: created.id });
    expect(of("page.updated")).toMatchObject({ username: ana.user.username, fontFamily: "serif" });
    expect(of("subscriber.confirmed")).toMatchObject({ id: sub.id, email: "leitora@example.com", source: "Novidades" });
    expect(of("subscriber.unsubscribed")).toMatchObject({ id: sub.id, email: "leitora@example.com" });
    expect(of("stats.daily")).toEqual({ date: yesterday, views: 10, visitors: 7, clicks: 4, subscribers: 2 });
    // Every webhook-id differs, and the body's timestamp is ISO.
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(all.length);
    expect(events.every((e) => !Number.isNaN(Date.parse(e.timestamp)))).toBe(true);
    // A wrong secret does not verify.
    expect(() => verified(`whsec_${Buffer.alloc(32, 1).toString("base64")}`, receiver.received[0]!)).toThrow();

    expect(second.received.map((r) => JSON.parse(r.body).type)).toEqual(["link.created"]);
    const list = await (await deliveries.GET(request(`/api/webhooks/${hook.id}/deliveries${named(ana)}`, { headers: cookie }), params({ id: hook.id }))).json();
    expect(list).toHaveLength(all.length);
    expect(
      list.every((d: { status: string; lastStatusCode: number; attempts: number }) => d.status === "delivered" && d.lastStatusCode === 200 && d.attempts === 1),
    ).toBe(true);
  } finally {
    await second.close();
  }
});

it("a receiver answering 500 gets the retries on api.md's schedule with the same webhook-id, then the delivery fails", async () => {
  const ana = await signedInUser();
  const hook = await made(ana, receiver.url, ["link.created"]);
  receiver.answer = { status: 500 };
  await links.POST(request(`/api/links${named(ana)}`, { body: { title: "Loja", url: "https://loja.example" }, headers: { cookie: ana.cookie } }));
  let clock = Date.now();
  await deliverDueWebhooks({ now: new Date(clock) });
  for (const delay of WEBHOOK_RETRY_DELAYS_MS) {
    // Not due a moment before its time, due just after.
    expect((await deliverDueWebhooks({ now: new Date(clock + delay - 1_000) })).tried).toBe(0);
    clock += delay + 1;
    expect((await deliverDueWebhooks({ now: new Date(clock) })).tried).toBe(1);
  }
  expect((await deliverDueWebhooks({ now: new Date(clock + 48 * 3_600_000) })).tried).toBe(0);
  expect(receiver.received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
  expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
  for (const r of receiver.received) expect(verified(hook.secret, r).type).toBe("link.created");
  const [d] = await (
    await deliveries.GET(request(`/api/webhooks/${hook.id}/deliveries${named(ana)}`, { headers: { cookie: ana.cookie } }), params({ id: hook.id }))
  ).json();
  expect(d).toMatchObject({ status: "failed", attempts: 7, lastStatusCode: 500, nextAttemptAt: null });
});

it("an endpoint failing every attempt for 5 days is turned off and its owner gets an e-mail; 'Enviar teste' sends a ping", async () => {
  const ana = await signedInUser();
  const hook = await made(ana, receiver.url, ["link.created"]);
  receiver.answer = { status: 503 };
  await links.POST(request(`/api/links${named(ana)}`, { body: { title: "Um", url: "https://um.example" }, headers: { cookie: ana.cookie } }));
  const start = Date.now();
  await deliverDueWebhooks({ now: new Date(start) });
  expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).toMatchObject({ active: true, failingSince: expect.any(Date) });
  // Four days on, another event fails too: still on.
  await links.POST(request(`/api/links${named(ana)}`, { body: { title: "Dois", url: "https://dois.example" }, headers: { cookie: ana.cookie } }));
  await deliverDueWebhooks({ now: new Date(start + 4 * 24 * 3_600_000) });
  expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).active).toBe(true);
  // Past five days of failures: off, and one e-mail to the owner.
  await deliverDueWebhooks({ now: new Date(start + FAILING_OFF_MS + 60_000) });
  expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).active).toBe(false);
  const mails = await db.outboxMessage.findMany();
  expect(mails.map((m) => [m.to, m.subject])).toEqual([[ana.user.email, "Seu webhook foi desativado"]]);
  // Off: no new deliveries are written for it.
  const before = await db.webhookDelivery.count();
  await links.POST(request(`/api/links${named(ana)}`, { body: { title: "Três", url: "https://tres.example" }, headers: { cookie: ana.cookie } }));
  expect(await db.webhookDelivery.count()).toBe(before);

  // 'Enviar teste' still reaches it; a success clears its failing clock.
  receiver.answer = { status: 204 };
  receiver.received = [];
  const test = await webhookTest.POST(
    request(`/api/webhooks/${hook.id}/test${named(ana)}`, { method: "POST", headers: { cookie: ana.cookie } }),
    params({ id: hook.id }),
  );
  expect(test.status).toBe(202);
  await deliverDueWebhooks();
  expect(receiver.received.map((r) => verified(hook.secret, r).type)).toEqual(["ping"]);
  expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).failingSince).toBeNull();
});

describe("outgoing requests go to public addresses only", () => {
  it("without ALLOW_PRIVATE_OUTBOUND: 127.0.0.1, a name resolving to it (localhost), and http:// are refused with 400", async () => {
    delete process.env.ALLOW_PRIVATE_OUTBOUND;
    resetEnvCache();
    const ana = await signedInUser();
    for (const url of [
      `https://127.0.0.1:${receiver.port}/hook`,
      `https://localhost:${receiver.port}/hook`,
      "https://169.254.169.254/latest",
      "https://[::1]/hook",
    ]) {
      const res = await addWebhook(ana, { url, events: ["link.created"] });
      expect([url, res.status, (await res.json()).message]).toEqual([url, 400, "Endereço não permitido"]);
    }
    const plain = await addWebhook(ana, { url: "http://example.com/hook", events: ["link.created"] });
    expect(plain.status).toBe(400);
    expect(await db.webhookEndpoint.count()).toBe(0);
  });

  it("at delivery: a private address fails the attempt once the setting is off, and a redirect is never followed", async () => {
    const ana = await signedInUser();
    const target = await startReceiver();
    try {
      const hook = await made(ana, receiver.url, ["link.created"]);
      receiver.answer = { status: 302, location: target.url };
      await links.POST(request(`/api/links${named(ana)}`, { body: { title: "Um", url: "https://um.example" }, headers: { cookie: ana.cookie } }));
      await deliverDueWebhooks();
      expect(receiver.received).toHaveLength(1);
      expect(target.received).toHaveLength(0);
      expect(await db.webhookDelivery.findFirstOrThrow()).toMatchObject({ status: "pending", lastStatusCode: 302 });

      // The setting off: the retry is refused before any connection.
      delete process.env.ALLOW_PRIVATE_OUTBOUND;
      resetEnvCache();
      await db.webhookEndpoint.update({ where: { id: hook.id }, data: { url: `https://localhost:${receiver.port}/hook` } });
      await deliverDueWebhooks({ now: new Date(Date.now() + 10_000) });
      expect(receiver.received).toHaveLength(1);
      expect(await db.webhookDelivery.findFirstOrThrow()).toMatchObject({ status: "pending", attempts: 2, lastError: "private_address" });
    } finally {
      await target.close();
    }
  });
});

it("the first try right after the request (deliverQueuedWebhooks) sends each delivery once; the jobs then find nothing due", async () => {
  const ana = await signedInUser();
  const hook = await made(ana, receiver.url, ["page.updated"]);
  const second = await startReceiver();
  try {
    await made(ana, second.url, ["page.updated"]);
    const ids = await queueWebhookEvent(db, ana.user.id, "page.updated", { id: ana.user.id });
    expect(ids).toHaveLength(2);
    // Written outside a request (no after() to make the first try): released at once, unclaimed.
    expect(await db.webhookDelivery.findMany({ where: { id: { in: ids } }, select: { attempts: true, lockedBy: true, lockedUntil: true } })).toEqual(
      ids.map(() => ({ attempts: 0, lockedBy: null, lockedUntil: null })),
    );
    const [first, again] = await Promise.all([deliverQueuedWebhooks(ids), deliverQueuedWebhooks(ids)]);
    expect(first + again).toBe(2);
    expect((await deliverDueWebhooks()).tried).toBe(0);
    expect(receiver.received.map((r) => verified(hook.secret, r).type)).toEqual(["page.updated"]);
    expect(second.received).toHaveLength(1);
  } finally {
    await second.close();
  }
});

it("a request's deliveries are written unclaimed: its first try and the jobs, at once, send each one once", async () => {
  const ana = await signedInUser();
  const hook = await made(ana, receiver.url, ["page.updated"]);
  const second = await startReceiver();
  try {
    await made(ana, second.url, ["page.updated"]);
    const ids = await queueWebhookEvent(db, ana.user.id, "page.updated", { id: ana.user.id });
    const [first, jobs] = await Promise.all([deliverQueuedWebhooks(ids), deliverDueWebhooks()]);
    expect(first + jobs.sent).toBe(2);
    expect(receiver.received.map((r) => verified(hook.secret, r).type)).toEqual(["page.updated"]);
    expect(second.received).toHaveLength(1);
    const sent = await db.webhookDelivery.findMany({ where: { id: { in: ids } }, select: { attempts: true, status: true, lockedUntil: true } });
    expect(sent).toEqual(ids.map(() => ({ attempts: 1, status: "delivered", lockedUntil: null })));
    // Tried already: a first try handed the same ids (a retried hand-off) sends nothing.
    expect(await deliverQueuedWebhooks(ids)).toBe(0);
    expect((await deliverDueWebhooks({ now: new Date(Date.now() + CLAIM_MS + 1_000) })).tried).toBe(0);
  } finally {
    await second.close();
  }
});

it("a delivery claimed by a sender that never got to it (killed or frozen) is the jobs' once its claim passes, as a second attempt", async () => {
  const ana = await signedInUser();
  const hook = await made(ana, receiver.url, ["page.updated"]);
  const now = new Date();
  const ids = await queueWebhookEvent(db, ana.user.id, "page.updated", { n: 1 }, now);
  // A sender claims it and dies before sending.
  expect(await claimRows(db, webhookKind, "morto", now, firstTries(ids))).toHaveLength(1);
  expect(await deliverQueuedWebhooks(ids)).toBe(0);
  expect((await deliverDueWebhooks()).tried).toBe(0);
  expect((await deliverDueWebhooks({ now: new Date(now.getTime() + CLAIM_MS - 1_000) })).tried).toBe(0);
  expect(await deliverDueWebhooks({ now: new Date(now.getTime() + CLAIM_MS + 1_000) })).toMatchObject({ tried: 1, sent: 1 });
  expect(receiver.received.map((r) => verified(hook.secret, r).data.n)).toEqual([1]);
  expect(await db.webhookDelivery.findMany({ where: { id: { in: ids } }, select: { attempts: true, status: true } })).toEqual([
    { attempts: 2, status: "delivered" },
  ]);
});

it("one request's deliveries are recorded together: each delivered row keeps its own answer code, a failure its own retry", async () => {
  const ana = await signedInUser();
  const [ok, accepted, broken] = [receiver, await startReceiver(), await startReceiver()];
  accepted.answer = { status: 204 };
  broken.answer = { status: 500 };
  try {
    for (const r of [ok, accepted, broken]) await made(ana, r.url, ["page.updated"]);
    const before = Date.now();
    const ids = await queueWebhookEvent(db, ana.user.id, "page.updated", { id: ana.user.id });
    expect(await deliverQueuedWebhooks(ids)).toBe(2);
    const rows = await db.webhookDelivery.findMany({ where: { id: { in: ids } }, include: { endpoint: { select: { url: true } } } });
    const byUrl = Object.fromEntries(rows.map((r) => [r.endpoint.url, r]));
    expect([ok, accepted, broken].map((r) => [byUrl[r.url]!.status, byUrl[r.url]!.lastStatusCode, byUrl[r.url]!.attempts, byUrl[r.url]!.lockedUntil])).toEqual([
      ["delivered", 200, 1, null],
      ["delivered", 204, 1, null],
      ["pending", 500, 1, null],
    ]);
    expect(byUrl[broken.url]!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + WEBHOOK_RETRY_DELAYS_MS[0]! - 1_000);
    expect(await db.webhookEndpoint.count({ where: { failingSince: { not: null } } })).toBe(1);
    expect([ok, accepted, broken].map((r) => r.received.length)).toEqual([1, 1, 1]);
  } finally {
    await Promise.all([accepted.close(), broken.close()]);
  }
});
