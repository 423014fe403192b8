import { unseal } from "@/lib/email/seal";
import { runDueJobs } from "@/lib/startup/app-jobs";
import { db } from "@/lib/server/db";
import { addMember, createUser } from "@/tests/factories";
import { connectSeller, sellingOff, useMercadoPagoStandIn } from "@/tests/helpers/mercadopago";
import { useTestSmtp } from "@/tests/helpers/outbox";
import { sellerAccess } from "./payment-account";

// Sellers' tokens kept alive (api.md, Selling with Pix): the app's jobs renew
// a token before it expires; Mercado Pago refusing the renewal disconnects the
// account and e-mails the page's owners. sellerAccess renews a token about to
// expire before handing it out, once however many ask at the same moment.

const standIn = useMercadoPagoStandIn();
const smtp = useTestSmtp();
const HOUR = 3_600;

async function shop() {
  const owner = await createUser({ username: "ana", name: "Ana" });
  const coOwner = await createUser({ name: "Caio" });
  const editor = await createUser({ name: "Edu" });
  await addMember(owner.id, coOwner.id, "owner");
  await addMember(owner.id, editor.id, "editor");
  return { owner, coOwner, editor, pageId: owner.id };
}

async function mailTo(addresses: string[], timeoutMs = 5_000) {
  const end = Date.now() + timeoutMs;
  while (!addresses.every((a) => smtp.current.received.some((m) => m.to.includes(a)))) {
    if (Date.now() > end) throw new Error(`no mail to ${addresses.join(", ")}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return smtp.current.received;
}

it("renews a token expiring within the week, and leaves a fresh one alone", async () => {
  const { pageId, owner } = await shop();
  const other = await createUser();
  const soon = await connectSeller(standIn.current, pageId, owner.id, { expiresInSeconds: HOUR });
  await connectSeller(standIn.current, other.id, other.id, { sellerId: "999" });
  const report = await runDueJobs();
  expect(report["selling.renew-tokens"]).toEqual({ done: 1, more: false });
  const refresh = standIn.current.calls.filter((c) => c.path === "/oauth/token");
  expect(refresh.map((c) => c.body)).toEqual([expect.objectContaining({ grant_type: "refresh_token", refresh_token: soon.refresh_token })]);
  const row = await db.paymentAccount.findUniqueOrThrow({ where: { pageId } });
  expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 179 * 24 * HOUR * 1000);
  expect(unseal(row.accessToken)).not.toBe(soon.access_token);
  expect(unseal(row.refreshToken)).not.toBe(soon.refresh_token);
  // Nothing left to renew: the next run asks nothing.
  await runDueJobs();
  expect(standIn.current.countCalls("/oauth/token")).toBe(1);
});

it("disconnects an account whose renewal Mercado Pago refuses and e-mails the page's owners", async () => {
  const { pageId, owner, coOwner, editor } = await shop();
  await connectSeller(standIn.current, pageId, owner.id, { expiresInSeconds: HOUR });
  standIn.current.refuseRefresh();
  const report = await runDueJobs();
  expect(report["selling.renew-tokens"]).toEqual({ done: 1, more: false });
  expect(await db.paymentAccount.count({ where: { pageId } })).toBe(0);
  const received = await mailTo([owner.email, coOwner.email]);
  const mail = received.find((m) => m.to.includes(owner.email))!;
  expect(mail.subject).toBe("As vendas de Ana estão pausadas");
  expect(mail.text).toContain("Venda pausada");
  expect(mail.text).toContain("https://vitrine.test/dashboard/vendas?page=ana");
  expect(received.some((m) => m.to.includes(editor.email))).toBe(false);
});

it("keeps the account when Mercado Pago cannot answer, and tries again at the next run", async () => {
  const { pageId, owner } = await shop();
  await connectSeller(standIn.current, pageId, owner.id, { expiresInSeconds: HOUR });
  standIn.current.failNext({ match: "/oauth/token", status: 500 });
  expect((await runDueJobs())["selling.renew-tokens"]).toEqual({ done: 0, more: false });
  expect(await db.paymentAccount.count({ where: { pageId } })).toBe(1);
  expect((await runDueJobs())["selling.renew-tokens"]).toEqual({ done: 1, more: false });
  expect(smtp.current.received).toHaveLength(0);
});

it("deletes connection states past their 10 minutes", async () => {
  const { pageId, owner } = await shop();
  const state = (stateHash: string, ms: number) => ({ stateHash, pageId, userId: owner.id, expiresAt: new Date(Date.now() + ms) });
  await db.paymentConnectState.createMany({ data: [state("late", -1_000), state("fresh", 600_000)] });
  await runDueJobs();
  expect((await db.paymentConnectState.findMany()).map((r) => r.stateHash)).toEqual(["fresh"]);
});

it("sellerAccess renews a token about to expire, once for callers at the same moment, disconnecting nothing", async () => {
  const { pageId, owner } = await shop();
  const old = await connectSeller(standIn.current, pageId, owner.id, { expiresInSeconds: 120 });
  // The stand-in's refresh tokens are good once: the second renewal at once is refused, and must not disconnect.
  const tokens = await Promise.all([sellerAccess(pageId), sellerAccess(pageId), sellerAccess(pageId)]);
  const row = await db.paymentAccount.findUniqueOrThrow({ where: { pageId } });
  expect(tokens).toEqual([unseal(row.accessToken), unseal(row.accessToken), unseal(row.accessToken)]);
  expect(tokens[0]).not.toBe(old.access_token);
  expect(smtp.current.received).toHaveLength(0);
  // A token far from expiry is handed out as it is.
  expect(await sellerAccess(pageId)).toBe(tokens[0]);
  expect(standIn.current.countCalls("/oauth/token")).toBeLessThanOrEqual(3);
});

it("sellerAccess: the current token while it lasts when Mercado Pago is away; none once refused", async () => {
  const { pageId, owner } = await shop();
  const old = await connectSeller(standIn.current, pageId, owner.id, { expiresInSeconds: 120 });
  standIn.current.failNext({ match: "/oauth/token", status: 503 });
  expect(await sellerAccess(pageId)).toBe(old.access_token);
  standIn.current.refuseRefresh();
  expect(await sellerAccess(pageId)).toBeNull();
  expect(await db.paymentAccount.count()).toBe(0);
  expect(await sellerAccess("no-such-page")).toBeNull();
});

it("runs no selling job while selling is off", async () => {
  const { pageId, owner } = await shop();
  await connectSeller(standIn.current, pageId, owner.id, { expiresInSeconds: HOUR });
  sellingOff();
  const report = await runDueJobs();
  expect([report["selling.renew-tokens"], report["selling.connect-states"], report["selling.pending-orders"], report["selling.erase-buyer-data"]]).toEqual([
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
  expect(standIn.current.calls).toHaveLength(0);
});
