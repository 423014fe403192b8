/** @jest-environment node */
import { GET as listStops } from "@/app/api/admin/signup-stops/route";
import { DELETE as liftStop } from "@/app/api/admin/signup-stops/[id]/route";
import { runDueJobs } from "@/lib/startup/app-jobs";
import { db } from "@/lib/server/db";
import { createUser, signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";
import { signUpJson, subscribeBlock } from "@/tests/helpers/subscribe";

// Sign-up e-mails nobody can aim at strangers (api.md, fourth release put
// right): a page's confirmation e-mails are capped (100 an hour, 1,000 a
// day) with every sign-up kept and sent later by the jobs; a page whose last
// 200 e-mails brought fewer than 5 confirmations stops, its owners and the
// administrators are told, and an administrator lifts it (audited).

jest.setTimeout(300_000);

async function page() {
  const owner = await createUser({ name: "Loja da Ana", username: "ana", email: "ana@example.com" });
  const block = await subscribeBlock(owner.id);
  return { owner, block, pageId: owner.id };
}

/** Sign-ups from distinct addresses (and enough client addresses for their limit), `concurrency` at a time. */
async function signUps(blockId: string, emails: string[], concurrency = 10) {
  for (let i = 0; i < emails.length; i += concurrency) {
    const answers = await Promise.all(
      emails.slice(i, i + concurrency).map((email, j) => signUpJson(blockId, { email }, { ip: `198.51.100.${Math.floor((i + j) / 20) + 1}` })),
    );
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
  }
}

const confirmationsTo = (prefix: string) => db.outboxMessage.count({ where: { to: { startsWith: prefix } } });

/** The page's log of confirmation e-mails as if `sent` had gone out, the newest `confirmed` of them answered. */
async function pastConfirmations(pageId: string, sent: number, confirmed: number) {
  const start = Date.now() - 3 * 60 * 60_000;
  await db.confirmationMail.createMany({
    data: Array.from({ length: sent }, (_, i) => ({
      id: `past${i}`,
      pageId,
      sentAt: new Date(start + i * 1000),
      confirmedAt: i >= sent - confirmed ? new Date(start + i * 1000 + 500) : null,
    })),
  });
}

describe("the page's allowance of confirmation e-mails", () => {
  it("stores 150 sign-ups from distinct addresses, lets at most 100 e-mails leave in that hour, and the jobs send the rest the next hour", async () => {
    const { block, pageId } = await page();
    const emails = Array.from({ length: 150 }, (_, i) => `p${i}@example.com`);
    await signUps(block.id, emails);
    expect(await db.subscriber.count({ where: { pageId, status: "pending" } })).toBe(150);
    expect(await confirmationsTo("p")).toBe(100);
    expect(await db.subscriber.count({ where: { pageId, confirmationSentAt: null } })).toBe(50);

    // Within the hour the jobs send nothing more.
    await runDueJobs();
    expect(await confirmationsTo("p")).toBe(100);

    // The page's next hour: the waiting ones go, each once, oldest first.
    await db.signUpMailGate.update({ where: { pageId }, data: { hourStartedAt: new Date(Date.now() - 61 * 60_000) } });
    const report = await runDueJobs();
    expect(report["audience.waiting"]).toEqual({ done: 50, more: false });
    expect(await confirmationsTo("p")).toBe(150);
    expect(await db.subscriber.count({ where: { pageId, confirmationSentAt: null } })).toBe(0);
    for (const email of emails) expect([email, await db.outboxMessage.count({ where: { to: email } })]).toEqual([email, 1]);
    await runDueJobs();
    expect(await confirmationsTo("p")).toBe(150);
  });

  it("sends no more than 1,000 a day: past it the sign-up is kept and waits for the next day", async () => {
    const { block, pageId } = await page();
    const now = Date.now();
    await db.signUpMailGate.create({
      data: { pageId, hourStartedAt: new Date(now - 2 * 60 * 60_000), hourCount: 100, dayStartedAt: new Date(now - 60 * 60_000), dayCount: 1000 },
    });
    await signUps(block.id, ["dia@example.com"]);
    expect(await db.subscriber.findFirstOrThrow({ where: { pageId } })).toMatchObject({
      email: "dia@example.com",
      status: "pending",
      confirmationSentAt: null,
    });
    await runDueJobs();
    expect(await confirmationsTo("dia@")).toBe(0);
    await db.signUpMailGate.update({ where: { pageId }, data: { dayStartedAt: new Date(now - 25 * 60 * 60_000) } });
    await runDueJobs();
    expect(await confirmationsTo("dia@")).toBe(1);
    expect(await db.signUpMailGate.findUniqueOrThrow({ where: { pageId } })).toMatchObject({ dayCount: 1, hourCount: 1 });
  });
});

describe("a page whose confirmation e-mails go unanswered", () => {
  it("stops after 200 e-mails with fewer than 5 confirmations, tells its owner and the administrators, and sends again once an administrator lifts it", async () => {
    const { block, pageId } = await page();
    const admin = await signedInUser({ username: "admin", name: "Equipe", email: "equipe@example.com", isAdmin: true });
    await pastConfirmations(pageId, 199, 4);

    // The 200th e-mail leaves; with it the page stops.
    await signUps(block.id, ["duzentos@example.com"]);
    expect(await confirmationsTo("duzentos@")).toBe(1);
    const gate = await db.signUpMailGate.findUniqueOrThrow({ where: { pageId } });
    expect(gate.stoppedAt).not.toBeNull();
    const owner = await db.outboxMessage.findFirstOrThrow({ where: { to: "ana@example.com" } });
    expect(owner.subject).toBe("Paramos os e-mails de confirmação de Loja da Ana");
    const told = await db.outboxMessage.findFirstOrThrow({ where: { to: "equipe@example.com" } });
    expect(told.subject).toBe("Confirmações paradas: @ana");

    // Stopped: sign-ups are kept, no e-mail leaves, not even from the jobs.
    await signUps(block.id, ["espera1@example.com", "espera2@example.com"]);
    expect(await db.subscriber.count({ where: { pageId, email: { startsWith: "espera" }, status: "pending" } })).toBe(2);
    await runDueJobs();
    expect(await confirmationsTo("espera")).toBe(0);

    // The administrators see it in the panel's list.
    const list = await listStops(request("/api/admin/signup-stops", { headers: { cookie: admin.cookie } }));
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([{ pageId, name: "Loja da Ana", username: "ana", stoppedAt: gate.stoppedAt!.toISOString(), waiting: 2 }]);

    // Only an administrator lifts it.
    const someone = await signedInUser({ username: "bia", email: "bia@example.com" });
    const denied = await liftStop(
      request(`/api/admin/signup-stops/${pageId}`, { method: "DELETE", headers: { cookie: someone.cookie } }),
      params({ id: pageId }),
    );
    expect(denied.status).toBe(403);
    expect((await listStops(request("/api/admin/signup-stops", { headers: { cookie: someone.cookie } }))).status).toBe(403);
    expect((await listStops(request("/api/admin/signup-stops"))).status).toBe(401);
    expect((await db.signUpMailGate.findUniqueOrThrow({ where: { pageId } })).stoppedAt).not.toBeNull();

    const lifted = await liftStop(
      request(`/api/admin/signup-stops/${pageId}`, { method: "DELETE", headers: { cookie: admin.cookie } }),
      params({ id: pageId }),
    );
    expect(lifted.status).toBe(200);
    expect(await lifted.json()).toEqual({ pageId, stopped: false });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "signups.lift" } });
    expect(audit).toMatchObject({ actorId: admin.user.id, pageId });
    const again = await liftStop(request(`/api/admin/signup-stops/${pageId}`, { method: "DELETE", headers: { cookie: admin.cookie } }), params({ id: pageId }));
    expect(again.status).toBe(404);
    expect((await again.json()).message).toBe("As confirmações desta página não estão paradas");

    // The waiting sign-ups get their e-mails; the e-mails before the lift no longer count toward a stop.
    await runDueJobs();
    expect(await confirmationsTo("espera")).toBe(2);
    expect((await db.signUpMailGate.findUniqueOrThrow({ where: { pageId } })).stoppedAt).toBeNull();
    expect(await (await listStops(request("/api/admin/signup-stops", { headers: { cookie: admin.cookie } }))).json()).toEqual([]);
  });

  it("does not stop a page whose last 200 e-mails brought 5 confirmations", async () => {
    const { block, pageId } = await page();
    await createUser({ username: "admin", email: "equipe@example.com", isAdmin: true });
    await pastConfirmations(pageId, 199, 5);
    await signUps(block.id, ["duzentos@example.com", "outro@example.com"]);
    expect(await confirmationsTo("duzentos@")).toBe(1);
    expect(await confirmationsTo("outro@")).toBe(1);
    expect((await db.signUpMailGate.findUniqueOrThrow({ where: { pageId } })).stoppedAt).toBeNull();
    expect(await db.outboxMessage.count({ where: { to: { in: ["ana@example.com", "equipe@example.com"] } } })).toBe(0);
  });
});
