import * as member from "./[userId]/route";
import * as userRoute from "@/app/api/user/route";
import * as webhooks from "@/app/api/webhooks/route";
import { unseal } from "@/lib/email/seal";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { PASSWORD, addMember, signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";
import { startReceiver, type Receiver } from "@/tests/helpers/webhook-receiver";

// A member who loses a right loses its webhooks (api.md, "Fifth release, put
// right"): an endpoint records who created it; when they leave the team or
// their role may no longer manage webhooks, it is turned off at once and the
// page's other owners are e-mailed. Endpoints go to a receiver on 127.0.0.1.

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
const SUBJECT = "Webhooks desativados na sua página";

async function addHook(who: Who, username: string, path: string): Promise<string> {
  const body = { url: `${receiver.url}/${path}`, events: ["page.updated"] };
  const res = await webhooks.POST(request(`/api/webhooks?page=${username}`, { body, headers: { cookie: who.cookie } }));
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Ana's page with Bia as a second owner; each made an endpoint on it, and Bia one on her own page. */
async function team() {
  const ana = await signedInUser({ name: "Ana Souza", email: "ana@example.com" });
  const bia = await signedInUser({ name: "Bia Lima", email: "bia@example.com" });
  await addMember(ana.user.id, bia.user.id, "owner");
  const page = ana.user;
  const hooks = {
    ana: await addHook(ana, page.username, "ana"),
    bia: await addHook(bia, page.username, "bia"),
    biaOwn: await addHook(bia, bia.user.username, "bia-own"),
  };
  expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hooks.bia } })).toMatchObject({ createdById: bia.user.id, active: true });
  return { ana, bia, page, hooks };
}

const active = async (id: string) => (await db.webhookEndpoint.findUniqueOrThrow({ where: { id } })).active;
const mailTo = async (email: string) => (await db.outboxMessage.findMany({ where: { to: email } })).map((m) => ({ subject: m.subject, text: unseal(m.text) }));
const memberPath = (pageId: string, userId: string) => [`/api/pages/${pageId}/members/${userId}`, params({ id: pageId, userId })] as const;

/** An edit of the page by `who`: the deliveries it queued for each endpoint. */
async function deliveriesOfAnEdit(who: Who, username: string, ids: string[]): Promise<number[]> {
  const res = await userRoute.PATCH(request(`/api/user?page=${username}`, { method: "PATCH", body: { fontFamily: "serif" }, headers: { cookie: who.cookie } }));
  expect(res.status).toBe(200);
  return Promise.all(ids.map((endpointId) => db.webhookDelivery.count({ where: { endpointId } })));
}

it.each([
  ["removed by an owner", "ana"],
  ["leaving the page", "bia"],
] as const)("an owner %s: their endpoint on the page goes off at once, the remaining owner is e-mailed, and an edit sends it nothing", async (_, by) => {
  const { ana, bia, page, hooks } = await team();
  const [path, routeParams] = memberPath(page.id, bia.user.id);
  const res = await member.DELETE(request(path, { method: "DELETE", headers: { cookie: (by === "ana" ? ana : bia).cookie } }), routeParams);
  expect(res.status).toBe(200);
  expect([await active(hooks.bia), await active(hooks.ana), await active(hooks.biaOwn)]).toEqual([false, true, true]);
  const mails = await mailTo("ana@example.com");
  expect(mails).toEqual([{ subject: SUBJECT, text: expect.stringContaining(`- ${receiver.url}/bia\n`) }]);
  expect(mails[0]!.text).toContain(
    `da página ${page.username}, foi desativado: Bia Lima (bia@example.com), que o criou, não faz mais parte da equipe da página.`,
  );
  expect(mails[0]!.text).not.toContain(`${receiver.url}/ana`);
  expect(await mailTo("bia@example.com")).toEqual([]);
  expect(await deliveriesOfAnEdit(ana, page.username, [hooks.ana, hooks.bia])).toEqual([1, 0]);
});

it("an owner made an editor: their endpoint goes off, the remaining owner is told why, and an edit sends it nothing", async () => {
  const { ana, bia, page, hooks } = await team();
  const [path, routeParams] = memberPath(page.id, bia.user.id);
  const res = await member.PATCH(request(path, { method: "PATCH", body: { role: "editor" }, headers: { cookie: ana.cookie } }), routeParams);
  expect(res.status).toBe(200);
  expect([await active(hooks.bia), await active(hooks.ana), await active(hooks.biaOwn)]).toEqual([false, true, true]);
  const mails = await mailTo("ana@example.com");
  expect(mails).toHaveLength(1);
  expect(mails[0]!.text).toContain("Bia Lima (bia@example.com), que o criou, não pode mais gerenciar os webhooks da página.");
  expect(mails[0]!.text).toContain(`- ${receiver.url}/bia\n`);
  expect(await deliveriesOfAnEdit(bia, page.username, [hooks.ana, hooks.bia])).toEqual([1, 0]);
  // Made an owner again, the endpoint stays off until an owner turns it on.
  await member.PATCH(request(path, { method: "PATCH", body: { role: "owner" }, headers: { cookie: ana.cookie } }), routeParams);
  expect(await active(hooks.bia)).toBe(false);
});

it("a change that keeps the right, or a member with no endpoint on, turns nothing off and e-mails no one", async () => {
  const { ana, bia, page, hooks } = await team();
  const carla = await signedInUser({ email: "carla@example.com" });
  await addMember(page.id, carla.user.id, "editor");
  const [biaPath, biaParams] = memberPath(page.id, bia.user.id);
  expect((await member.PATCH(request(biaPath, { method: "PATCH", body: { role: "owner" }, headers: { cookie: ana.cookie } }), biaParams)).status).toBe(200);
  const [carlaPath, carlaParams] = memberPath(page.id, carla.user.id);
  expect((await member.DELETE(request(carlaPath, { method: "DELETE", headers: { cookie: ana.cookie } }), carlaParams)).status).toBe(200);
  expect([await active(hooks.bia), await active(hooks.ana)]).toEqual([true, true]);
  expect(await db.outboxMessage.count({ where: { subject: SUBJECT } })).toBe(0);
});

it("a co-owner's deleted account: their endpoint on the page that stays goes off, and the owner is told without their name", async () => {
  const { ana, bia, page, hooks } = await team();
  const res = await userRoute.DELETE(
    request("/api/user", { method: "DELETE", body: { confirm: bia.user.username, password: PASSWORD }, headers: { cookie: bia.cookie } }),
  );
  expect(res.status).toBe(200);
  expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hooks.bia } })).toMatchObject({ createdById: null, active: false });
  const mails = await mailTo("ana@example.com");
  expect(mails).toHaveLength(1);
  expect(mails[0]!.text).toContain("foi desativado: a conta de quem o criou foi excluída.");
  expect(mails[0]!.text).not.toMatch(/Bia|bia@example/);
  expect(await deliveriesOfAnEdit(ana, page.username, [hooks.ana, hooks.bia])).toEqual([1, 0]);
});
