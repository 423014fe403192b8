import * as webhooks from "./route";
import * as webhookTest from "./[id]/test/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { WEBHOOKS_PER_PAGE } from "@/lib/webhooks/webhook-mutations";
import { createPage, signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";

// Bounded webhooks (api.md, "Fifth release, put right"): 10 endpoints a page,
// also when creations race; creations and 'Enviar teste' 20 an hour per
// account together, whichever of its pages. Nothing is sent here: the
// endpoints point at a closed port on 127.0.0.1 (ALLOW_PRIVATE_OUTBOUND=1).

const URL_ = "http://127.0.0.1:9/hook";
beforeEach(() => {
  process.env.ALLOW_PRIVATE_OUTBOUND = "1";
  resetEnvCache();
});
afterEach(() => {
  delete process.env.ALLOW_PRIVATE_OUTBOUND;
  resetEnvCache();
});

type Who = Awaited<ReturnType<typeof signedInUser>>;

const create = (who: Who, username: string, n = 0) =>
  webhooks.POST(request(`/api/webhooks?page=${username}`, { body: { url: `${URL_}/${n}`, events: ["link.created"] }, headers: { cookie: who.cookie } }));
const sendTest = (who: Who, username: string, id: string) =>
  webhookTest.POST(request(`/api/webhooks/${id}/test?page=${username}`, { method: "POST", headers: { cookie: who.cookie } }), params({ id }));

it("a page has at most 10 endpoints: the 11th → 409 'Limite de webhooks atingido'; another page has its own 10", async () => {
  const ana = await signedInUser();
  for (let i = 0; i < WEBHOOKS_PER_PAGE; i++) expect((await create(ana, ana.user.username, i)).status).toBe(201);
  const eleventh = await create(ana, ana.user.username, 10);
  expect(eleventh.status).toBe(409);
  expect((await eleventh.json()).message).toBe("Limite de webhooks atingido");
  expect(await db.webhookEndpoint.count({ where: { pageId: ana.user.id } })).toBe(10);
  const other = await signedInUser();
  expect((await create(other, other.user.username)).status).toBe(201);
});

it("creations that race never pass 10 endpoints on a page", async () => {
  const ana = await signedInUser();
  const answers = await Promise.all(Array.from({ length: 14 }, (_, i) => create(ana, ana.user.username, i)));
  expect(answers.map((r) => r.status).sort()).toEqual([...Array(10).fill(201), ...Array(4).fill(409)]);
  expect(await db.webhookEndpoint.count({ where: { pageId: ana.user.id } })).toBe(10);
});

it("creations and 'Enviar teste' are 20 an hour per account, across its pages: the 21st → 429 with Retry-After", async () => {
  const ana = await signedInUser();
  const shop = await createPage(ana.user.id);
  const ids: string[] = [];
  for (let i = 0; i < 10; i++) ids.push((await (await create(ana, ana.user.username, i)).json()).id);
  for (let i = 0; i < 5; i++) expect((await create(ana, shop.username, i)).status).toBe(201);
  for (let i = 0; i < 5; i++) expect((await sendTest(ana, ana.user.username, ids[i]!)).status).toBe(202);

  const creation = await create(ana, shop.username, 5);
  expect(creation.status).toBe(429);
  expect(Number(creation.headers.get("retry-after"))).toBeGreaterThan(3_000);
  const testing = await sendTest(ana, ana.user.username, ids[0]!);
  expect(testing.status).toBe(429);
  expect(testing.headers.get("retry-after")).toBeTruthy();
  expect(await db.webhookEndpoint.count({ where: { pageId: shop.id } })).toBe(5);
  expect(await db.webhookDelivery.count({ where: { type: "ping" } })).toBe(5);

  // Another account has its own budget.
  const bia = await signedInUser();
  expect((await create(bia, bia.user.username)).status).toBe(201);
});
