import { randomBytes } from "node:crypto";
import { z } from "zod";
import { blocks } from "@/lib/blocks/registry";
import { linkDtoSchema } from "@/lib/links/link-dto";
import { API_KEY_PREFIX, API_SCOPES } from "@/lib/permissions/api-scopes";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";
import { hashToken } from "@/lib/server/token-hash";
import { signedInUser } from "@/tests/factories";
import { BASE_URL, params, request } from "@/tests/helpers/request";
import { startReceiver, type Receiver } from "@/tests/helpers/webhook-receiver";
import { connectSeller, useMercadoPagoStandIn } from "@/tests/helpers/mercadopago";
import { POST as checkout } from "@/app/api/checkout/[blockId]/route";
import { markPaid } from "@/lib/selling/order-payments";
import { apiOperations, type ApiOperation } from "./api-routes";

// The API described from its answers (issue 57): under Jest the route wrapper
// checks every answer of a route that declares `api` against its declaration
// (lib/server/route-api.ts), so each integration test that gets one checks it.
// Here every operation of the document is called with a key on a seeded page,
// and a route whose answer differs from its declaration fails its caller.

let receiver: Receiver;
// Selling on against the Mercado Pago stand-in (its operations answer 404 without it; a refund asks it).
const standIn = useMercadoPagoStandIn();
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

type Seeded = { link: string; pix: string; webhook: string; order: string };
/** One call: its address (`{link}`, `{pix}`, `{webhook}`: a seeded id), body (`"ORDERS"`: every link in order) or multipart form. */
type Call = { path: string; method?: string; body?: unknown; form?: () => FormData };

/** What each operation is called with, in the order they run (deletions last). */
const CALLS: Record<string, Call[]> = {
  "GET /api/pages": [{ path: "/api/pages" }],
  "PATCH /api/user": [{ path: "/api/user", body: { fontFamily: "serif" } }],
  "POST /api/links": [{ path: "/api/links", body: { title: "Novo", url: "https://novo.example" } }],
  "GET /api/links": [{ path: "/api/links" }],
  "GET /api/links/{id}": [{ path: "/api/links/{link}" }],
  "PUT /api/links/{id}": [{ path: "/api/links/{link}", body: { title: "Loja", url: "https://loja.example/", active: true } }],
  "PATCH /api/links/{id}": [{ path: "/api/links/{link}", body: { highlighted: true } }],
  "GET /api/links/{id}/pix": [{ path: "/api/links/{pix}/pix" }],
  "GET /api/links/{id}/stats": [{ path: "/api/links/{link}/stats?days=7" }],
  "GET /api/links/export": [{ path: "/api/links/export?format=json" }, { path: "/api/links/export?format=csv" }],
  "POST /api/links/import": [{ path: "/api/links/import", form: csvImport }],
  "PUT /api/links": [{ path: "/api/links", body: "ORDERS" }],
  "POST /api/links/reorder": [{ path: "/api/links/reorder", body: "ORDERS" }],
  "GET /api/stats": [{ path: "/api/stats?days=30" }],
  "GET /api/stats/export": [{ path: "/api/stats/export?days=7" }],
  "GET /api/subscribers": [{ path: "/api/subscribers" }, { path: "/api/subscribers?status=confirmed" }],
  "GET /api/subscribers/export": [{ path: "/api/subscribers/export" }],
  "GET /api/orders": [{ path: "/api/orders" }],
  "GET /api/orders/export": [{ path: "/api/orders/export" }],
  "POST /api/orders/{id}/refund": [{ path: "/api/orders/{order}/refund" }],
  "POST /api/webhooks": [{ path: "/api/webhooks", body: { url: "RECEIVER", events: ["link.created"] } }],
  "GET /api/webhooks": [{ path: "/api/webhooks" }],
  "GET /api/webhooks/{id}": [{ path: "/api/webhooks/{webhook}" }],
  "POST /api/webhooks/{id}/test": [{ path: "/api/webhooks/{webhook}/test" }],
  "GET /api/webhooks/{id}/deliveries": [{ path: "/api/webhooks/{webhook}/deliveries" }],
  "PATCH /api/webhooks/{id}": [{ path: "/api/webhooks/{webhook}", body: { active: false } }],
  "DELETE /api/webhooks/{id}": [{ path: "/api/webhooks/{webhook}" }],
  "DELETE /api/links/{id}": [{ path: "/api/links/{link}" }],
};

function csvImport(): FormData {
  const form = new FormData();
  form.set("file", new Blob(["titulo,url,ativo\nBlog,https://blog.example,sim\n"], { type: "text/csv" }), "links.csv");
  form.set("dryRun", "true");
  return form;
}

/** A key of `userId` holding every scope (its row as POST /api/keys writes it). */
async function keyWithEveryScope(userId: string): Promise<string> {
  const key = API_KEY_PREFIX + randomBytes(32).toString("base64url");
  await db.apiKey.create({ data: { userId, name: "Tudo", prefix: key.slice(0, API_KEY_PREFIX.length + 8), keyHash: hashToken(key), scopes: [...API_SCOPES] } });
  return key;
}

/** Calls `op` as `c` says with `key` on `username`'s page; the wrapper throws when the answer differs from the declaration. */
async function call(op: ApiOperation, c: Call, key: string, username: string, seeded: Partial<Seeded>): Promise<Response> {
  let id: string | undefined;
  const path = c.path.replace(/\{(\w+)\}/, (_, name: keyof Seeded) => (id = seeded[name]!));
  const address = `${path}${path.includes("?") ? "&" : "?"}page=${username}`;
  const headers = { authorization: `Bearer ${key}`, "x-vitrine-client-ip": "203.0.113.10" };
  let body = c.body === "RECEIVER" ? undefined : c.body;
  if (c.body === "ORDERS") {
    const orders = (await db.link.findMany({ where: { page: { username } }, orderBy: { order: "asc" }, select: { id: true } })).map((l, order) => ({
      id: l.id,
      order,
    }));
    body = op.path === "/api/links" ? orders : { linkOrders: orders };
  } else if (body && typeof body === "object" && "url" in body && body.url === "RECEIVER") body = { ...body, url: receiver.url };
  const req = c.form
    ? new Request(`${BASE_URL}${address}`, { method: op.method, body: c.form(), headers })
    : request(address, { method: op.method, body, headers });
  return op.handler(req, params(id ? { id } : {}));
}

it("every operation of the document answers a key as it declares: its status, content type and schema", async () => {
  const ana = await signedInUser();
  const key = await keyWithEveryScope(ana.user.id);
  const seeded: Partial<Seeded> = {};
  seeded.link = (await db.link.create({ data: { pageId: ana.user.id, title: "Loja", url: "https://loja.example/", order: 0 } })).id;
  await db.subscriber.create({
    data: {
      pageId: ana.user.id,
      source: "Lista",
      email: "s@example.com",
      consentText: "Sim",
      consentVersion: "0",
      status: "confirmed",
      confirmedAt: new Date(),
    },
  });
  // A paid order, paid through the stand-in (the refund asks Mercado Pago).
  await connectSeller(standIn.current, ana.user.id, ana.user.id);
  const tip = await db.link.create({
    data: { pageId: ana.user.id, kind: "tip", title: "Apoio", url: "", order: 1, data: { amountsCents: [500], allowCustom: false } },
  });
  const bought = await checkout(
    request(`/api/checkout/${tip.id}`, { body: { name: "Bia", email: "bia@example.com", amountCents: 500 } }),
    params({ blockId: tip.id }),
  );
  seeded.order = ((await bought.json()) as { orderId: string }).orderId;
  await standIn.current.approve(seeded.order);
  await markPaid(seeded.order);
  const operations = apiOperations();
  const named = (name: string) => operations.find((o) => `${o.method} ${o.path}` === name)!;
  // One block of each kind with data of its own: the link object carries each kind's field.
  for (const kind of blocks.withData) {
    const made = await call(named("POST /api/links"), { path: "/api/links", body: kind.example }, key, ana.user.username, seeded);
    expect([kind.name, made.status]).toEqual([kind.name, 201]);
    if (kind.name === "pix") seeded.pix = ((await made.json()) as { id: string }).id;
  }

  expect(Object.keys(CALLS).sort()).toEqual(operations.map((o) => `${o.method} ${o.path}`).sort());
  for (const [name, calls] of Object.entries(CALLS)) {
    for (const c of calls) {
      const res = await call(named(name), c, key, ana.user.username, seeded);
      expect([name, res.status]).toEqual([name, named(name).api.status ?? 200]);
      if (name === "POST /api/webhooks") seeded.webhook = ((await res.json()) as { id: string }).id;
    }
  }
});

it("fails the caller of a route whose answer differs from its declaration: its body, its status or its content type", async () => {
  const ana = await signedInUser();
  const asAna = (path: string) => request(`${path}?page=${ana.user.username}`, { headers: { cookie: ana.cookie } });
  const declared = { summary: "Um link", response: linkDtoSchema };
  const wrongBody = route({ auth: "user", page: "links.read", api: declared, handler: async () => ({ id: 1, title: "Loja" }) });
  await expect(wrongBody(asAna("/api/teste"))).rejects.toThrow(/GET \/api\/teste: the answer does not match its declared schema/);
  const wrongStatus = route({
    auth: "user",
    page: "links.read",
    api: { ...declared, response: z.object({ ok: z.literal(true) }) },
    handler: async () => json({ ok: true }, { status: 201 }),
  });
  await expect(wrongStatus(asAna("/api/teste"))).rejects.toThrow("GET /api/teste answered 201; its declaration says 200");
  const wrongType = route({
    auth: "user",
    page: "links.read",
    api: { summary: "CSV", files: { "text/csv": z.string() } },
    handler: async () => ({ ok: true }),
  });
  await expect(wrongType(asAna("/api/teste"))).rejects.toThrow("GET /api/teste answered application/json, which its declaration does not name");
  // A refusal is the mapper's, not the declaration's; a right answer passes.
  const refused = await wrongBody(request("/api/teste?page=ninguem", { headers: { cookie: ana.cookie } }));
  expect(refused.status).toBe(404);
  const right = route({
    auth: "user",
    page: "links.read",
    api: { ...declared, response: z.object({ ok: z.literal(true) }) },
    handler: async () => ({ ok: true }),
  });
  expect((await right(asAna("/api/teste"))).status).toBe(200);
});
