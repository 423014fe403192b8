import { GET as connect } from "./connect/route";
import { GET as callback } from "./callback/route";
import { DELETE as disconnect, GET as account } from "./account/route";
import { unseal } from "@/lib/email/seal";
import { sellerAccess } from "@/lib/selling/payment-account";
import { createPixPayment } from "@/lib/selling/mercadopago-client";
import { db } from "@/lib/server/db";
import { hashToken } from "@/lib/server/token-hash";
import { addMember, signedInUser } from "@/tests/factories";
import { SELLING_APP_URL, sellingOff, useMercadoPagoStandIn } from "@/tests/helpers/mercadopago";
import { request } from "@/tests/helpers/request";

// Connecting a page's Mercado Pago account (api.md, Selling with Pix): the
// OAuth round trip through the stand-in, every refusal of the state, the
// account's answer and its disconnection, roles, and selling off.

const standIn = useMercadoPagoStandIn();
const INVALID = "Conexão inválida, tente de novo";

async function team() {
  const owner = await signedInUser({ username: "ana" });
  const coOwner = await signedInUser();
  const editor = await signedInUser();
  await addMember(owner.user.id, coOwner.user.id, "owner");
  await addMember(owner.user.id, editor.user.id, "editor");
  const stranger = await signedInUser();
  return { owner, coOwner, editor, stranger, pageId: owner.user.id };
}

const start = (cookie: string) => connect(request("/api/payments/connect?page=ana", { headers: { cookie } }));
const back = (cookie: string, query: string) => callback(request(`/api/payments/callback${query}`, { headers: { cookie } }));
const read = (cookie: string) => account(request("/api/payments/account?page=ana", { headers: { cookie } }));
const remove = (cookie: string) => disconnect(request("/api/payments/account?page=ana", { method: "DELETE", headers: { cookie } }));

/** The state of a connect's 302, and the callback's query Mercado Pago's consent sends back. */
async function consent(cookie: string): Promise<{ state: string; query: string }> {
  const res = await start(cookie);
  expect(res.status).toBe(302);
  const authorize = await fetch(res.headers.get("location")!, { redirect: "manual" });
  const returned = new URL(authorize.headers.get("location")!);
  return { state: returned.searchParams.get("state")!, query: returned.search };
}

async function refusal(res: Response) {
  expect(res.status).toBe(400);
  expect((await res.json()).message).toBe(INVALID);
}

it("sends the owner to Mercado Pago's authorisation with the application, a state and the callback", async () => {
  const { owner, pageId } = await team();
  const res = await start(owner.cookie);
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location")!);
  expect(`${location.origin}${location.pathname}`).toBe(`${standIn.current.origin}/authorization`);
  const q = location.searchParams;
  expect([q.get("client_id"), q.get("response_type"), q.get("platform_id"), q.get("redirect_uri")]).toEqual([
    standIn.current.config.clientId,
    "code",
    "mp",
    `${SELLING_APP_URL}/api/payments/callback`,
  ]);
  expect(q.get("state")).toMatch(/^[\w-]{43}$/);
  // Only the state's hash is kept, naming the page and the member, for 10 minutes.
  const row = await db.paymentConnectState.findUniqueOrThrow({ where: { stateHash: hashToken(q.get("state")!) } });
  expect([row.pageId, row.userId]).toEqual([pageId, owner.user.id]);
  expect(Math.abs(row.expiresAt.getTime() - Date.now() - 10 * 60_000)).toBeLessThan(5_000);
});

it("exchanges the code, keeps the tokens sealed and sends the owner to /dashboard/vendas", async () => {
  const { owner, pageId } = await team();
  const { query } = await consent(owner.cookie);
  const res = await back(owner.cookie, query);
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/dashboard/vendas?page=ana");
  const exchange = standIn.current.calls.filter((c) => c.path === "/oauth/token");
  expect(exchange).toHaveLength(1);
  expect(exchange[0]!.body).toMatchObject({
    grant_type: "authorization_code",
    code: new URLSearchParams(query).get("code"),
    redirect_uri: `${SELLING_APP_URL}/api/payments/callback`,
  });

  const row = await db.paymentAccount.findUniqueOrThrow({ where: { pageId } });
  expect([row.sellerId, row.connectedById]).toEqual([standIn.current.config.sellerId, owner.user.id]);
  for (const sealed of [row.accessToken, row.refreshToken]) {
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toMatch(/APP_USR|TG-/);
  }
  expect(unseal(row.refreshToken)).toMatch(/^TG-/);
  // The sealed token is the seller's: Mercado Pago takes it.
  const token = await sellerAccess(pageId);
  expect(token).toBe(unseal(row.accessToken));
  const payment = await createPixPayment(token!, {
    idempotencyKey: "o1",
    amountCents: 1000,
    description: "x",
    payer: { email: "b@example.com", first_name: "B" },
    externalReference: "o1",
    notificationUrl: `${SELLING_APP_URL}/api/payments/notify`,
    expiresAt: new Date(Date.now() + 1_800_000),
    applicationFeeCents: 0,
  });
  expect(payment.status).toBe("pending");
});

it("refuses a used, expired, forged or missing state, and a code Mercado Pago refuses", async () => {
  const { owner } = await team();
  const first = await consent(owner.cookie);
  expect((await back(owner.cookie, first.query)).status).toBe(302);
  await refusal(await back(owner.cookie, first.query));

  const late = await consent(owner.cookie);
  await db.paymentConnectState.updateMany({ data: { expiresAt: new Date(Date.now() - 1_000) } });
  await refusal(await back(owner.cookie, late.query));
  expect(await db.paymentConnectState.count()).toBe(0);

  await refusal(await back(owner.cookie, `?code=TG-x&state=${"a".repeat(43)}`));
  await refusal(await back(owner.cookie, "?code=TG-x"));
  // A state good once, with a code Mercado Pago does not know.
  const forgedCode = await consent(owner.cookie);
  await refusal(await back(owner.cookie, `?code=TG-unknown&state=${forgedCode.state}`));
  expect(standIn.current.countCalls("POST /oauth/token")).toBe(2);
});

it("refuses another member's state without spending it, and answers 502 when Mercado Pago fails", async () => {
  const { owner, coOwner, pageId } = await team();
  const mine = await consent(owner.cookie);
  await refusal(await back(coOwner.cookie, mine.query));
  expect(standIn.current.countCalls("POST /oauth/token")).toBe(0);
  standIn.current.failNext({ match: "/oauth/token", status: 500 });
  const failed = await back(owner.cookie, mine.query);
  expect(failed.status).toBe(502);
  expect((await failed.json()).message).toBe("O Mercado Pago não respondeu, tente de novo");
  expect(await db.paymentAccount.count({ where: { pageId } })).toBe(0);
});

it("answers the account without a token, and disconnects it", async () => {
  const { owner, pageId } = await team();
  expect(await (await read(owner.cookie)).json()).toEqual({ connected: false, sellerId: null, connectedAt: null });
  await back(owner.cookie, (await consent(owner.cookie)).query);
  const res = await read(owner.cookie);
  const text = await res.text();
  const row = await db.paymentAccount.findUniqueOrThrow({ where: { pageId } });
  expect(JSON.parse(text)).toEqual({ connected: true, sellerId: standIn.current.config.sellerId, connectedAt: row.connectedAt.toISOString() });
  expect(text).not.toContain(unseal(row.accessToken));
  expect(text).not.toContain(unseal(row.refreshToken));

  const gone = await remove(owner.cookie);
  expect([gone.status, await gone.json()]).toEqual([200, { ok: true }]);
  expect(await (await read(owner.cookie)).json()).toEqual({ connected: false, sellerId: null, connectedAt: null });
  expect(await sellerAccess(pageId)).toBeNull();
});

it("is the owners': an editor 403, a stranger 404, no session 401", async () => {
  const { editor, stranger } = await team();
  for (const res of [await start(editor.cookie), await read(editor.cookie), await remove(editor.cookie)]) expect(res.status).toBe(403);
  for (const res of [await start(stranger.cookie), await read(stranger.cookie), await remove(stranger.cookie)]) expect(res.status).toBe(404);
  expect((await connect(request("/api/payments/connect?page=ana"))).status).toBe(401);
  expect(await db.paymentConnectState.count()).toBe(0);
});

it("answers 404 everywhere while selling is off", async () => {
  const { owner, pageId } = await team();
  const { query } = await consent(owner.cookie);
  sellingOff();
  const answers = [
    await start(owner.cookie),
    await back(owner.cookie, query),
    await read(owner.cookie),
    await remove(owner.cookie),
    await connect(request("/api/payments/connect?page=ana")),
  ];
  expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
  expect(await db.paymentAccount.count({ where: { pageId } })).toBe(0);
  expect(standIn.current.countCalls("POST /oauth/token")).toBe(0);
});
