import * as broadcasts from "./route";
import * as broadcastById from "./[id]/route";
import * as sendRoute from "./[id]/send/route";
import * as testRoute from "./[id]/test/route";
import * as adminBroadcasts from "../admin/broadcasts/route";
import * as adminPause from "../admin/broadcasts/pauses/[id]/route";
import * as adminPauses from "../admin/broadcasts/pauses/route";
import * as adminBroadcastPause from "../admin/broadcasts/[id]/pause/route";
import { DELETE as removeSubscriber } from "../subscribers/[id]/route";
import { POST as unsubscribeRoute } from "../subscribe/unsubscribe/route";
import { GET as unsubscribePage } from "@/app/inscricao/cancelar/route";
import { GET as followLink } from "@/app/[username]/[linkId]/route";
import { hashToken, newUnsubscribeToken } from "@/lib/audience/subscriber-tokens";
import { broadcastJobs } from "@/lib/broadcasts/broadcast-jobs";
import { emailJobs } from "@/lib/email/email-jobs";
import { runJobs } from "@/lib/jobs/run-jobs";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { addMember, signedInUser } from "@/tests/factories";
import type { ReceivedMail } from "@/tests/helpers/mail";
import { useTestSmtp } from "@/tests/helpers/outbox";
import { params, request } from "@/tests/helpers/request";

// Broadcasts (api.md, "Write to your list") against a real SMTP server and
// the real database: who receives, what the message is made of, its own
// unsubscribe, the limits, the schedule, two senders at once, the 2 % pause.

const smtp = useTestSmtp();
const DAY_MS = 24 * 60 * 60_000;

afterEach(() => {
  delete process.env.BROADCAST_PER_MINUTE;
  resetEnvCache();
});

type Who = Awaited<ReturnType<typeof signedInUser>>;

/** An owner with a verified e-mail, a page 8 days old and `confirmed` subscribers with an e-mail. */
async function readyOwner(confirmed = 12, o: { isAdmin?: boolean } = {}) {
  const who = await signedInUser({ isAdmin: o.isAdmin });
  await db.user.update({ where: { id: who.user.id }, data: { emailVerified: new Date() } });
  await db.page.update({ where: { id: who.user.id }, data: { createdAt: new Date(Date.now() - 8 * DAY_MS) } });
  const emails = await addSubscribers(who.user.id, confirmed, "confirmed");
  return { who, emails };
}

let seq = 0;
async function addSubscribers(pageId: string, n: number, status: "confirmed" | "pending" | "unsubscribed", o: { whatsappOnly?: boolean } = {}) {
  const rows = Array.from({ length: n }, () => {
    seq += 1;
    const email = o.whatsappOnly || status === "unsubscribed" ? null : `pessoa${seq}.${pageId.slice(-6)}@example.com`;
    return {
      pageId,
      source: "Lista",
      email,
      whatsapp: o.whatsappOnly ? `+55119${String(10_000_000 + seq).slice(-8)}` : null,
      status,
      consentText: "Quero receber novidades",
      consentVersion: "v1",
      confirmedAt: status === "confirmed" ? new Date() : null,
      unsubscribedAt: status === "unsubscribed" ? new Date() : null,
    };
  });
  await db.subscriber.createMany({ data: rows });
  return rows.map((r) => r.email).filter((e): e is string => e !== null);
}

const q = (who: Who) => `?page=${who.user.username}`;

async function draft(who: Who, body: Record<string, unknown> = {}) {
  const res = await broadcasts.POST(
    request(`/api/broadcasts${q(who)}`, {
      body: { subject: "Novidade na loja", body: "Olá! Veja [a loja](https://loja.example/x).", ...body },
      headers: { cookie: who.cookie },
    }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; status: string };
}

function send(who: Who, id: string, body: Record<string, unknown> = {}) {
  return sendRoute.POST(request(`/api/broadcasts/${id}/send${q(who)}`, { body, headers: { cookie: who.cookie } }), params({ id }));
}

/** One run of the broadcasts' and e-mail's jobs, as the schedule or /api/cron/jobs makes it. */
const runSenders = (now?: Date) => runJobs([...broadcastJobs(), ...emailJobs()], { deadlineMs: 60_000, now });

const receivedBy = (to: string): ReceivedMail[] => smtp.current.received.filter((m) => m.to.includes(to));
const headerOf = (mail: ReceivedMail, name: string) =>
  new RegExp(`^${name}: (.*)$`, "im").exec(mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " "))?.[1];

async function get(who: Who, id: string) {
  return (await (await broadcastById.GET(request(`/api/broadcasts/${id}${q(who)}`, { headers: { cookie: who.cookie } }), params({ id }))).json()) as Record<
    string,
    unknown
  >;
}

describe("broadcasts", () => {
  it("go only to confirmed e-mail subscribers, each message with the allowed Markdown, its sender, Reply-To and its own unsubscribe", async () => {
    const { who, emails } = await readyOwner(10);
    const pending = await addSubscribers(who.user.id, 2, "pending");
    await addSubscribers(who.user.id, 2, "unsubscribed");
    await addSubscribers(who.user.id, 2, "confirmed", { whatsappOnly: true });
    const b = await draft(who, {
      body: "Oi **todos**<script>alert(1)</script> <b>cru</b>\n\n![foto](https://x.example/p.png)\n\n- [a loja](https://loja.example/x)\n- item",
    });
    const res = await send(who, b.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: b.id, status: "sending", recipients: 10 });

    await runSenders();
    expect(smtp.current.received).toHaveLength(10);
    expect(new Set(smtp.current.received.flatMap((m) => m.to))).toEqual(new Set(emails));
    for (const p of pending) expect(receivedBy(p)).toHaveLength(0);

    const mail = receivedBy(emails[0]!)[0]!;
    expect(mail.subject).toBe("Novidade na loja");
    expect(headerOf(mail, "From")).toMatch(/^"?Ana Souza via Vitrine"? <nao-responda@/);
    expect(headerOf(mail, "Reply-To")).toBe(who.user.email);
    expect(headerOf(mail, "List-Unsubscribe")).toMatch(/^<http:\/\/localhost:\d+\/api\/subscribe\/unsubscribe\?token=[A-Za-z0-9_-]+>$/);
    expect(headerOf(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(mail.raw).not.toMatch(/<script|alert\(1\)|<b>|<img|p\.png/i);
    expect(mail.text).toContain("Oi todos cru");
    expect(mail.text).toMatch(/- a loja \(http:\/\/localhost:\d+\/[^/]+\/bl_[A-Za-z0-9_-]+\)/);
    expect(mail.text).toContain("Você recebe este e-mail porque se inscreveu na lista de Ana Souza.");
    // Each message has its own token.
    const tokens = new Set(smtp.current.received.map((m) => headerOf(m, "List-Unsubscribe")));
    expect(tokens.size).toBe(10);

    // Done: its figures, `sent` and the webhook.
    await runSenders();
    expect(await get(who, b.id)).toMatchObject({ status: "sent", recipients: 10, sent: 10, failed: 0, unsubscribed: 0, clicks: 0 });

    // A body link goes through the page's short link and is counted on the broadcast.
    const short = /\((http:\/\/localhost:\d+\/([^/]+)\/(bl_[A-Za-z0-9_-]+))\)/.exec(mail.text)!;
    const follow = await followLink(
      request(new URL(short[1]!).pathname, { headers: { "user-agent": "Mozilla/5.0 (iPhone) Safari/604.1" } }),
      params({ username: short[2]!, linkId: short[3]! }),
    );
    expect(follow.status).toBe(302);
    expect(follow.headers.get("location")).toBe("https://loja.example/x");
    expect(await get(who, b.id)).toMatchObject({ clicks: 1 });

    // The list shows it, newest first, with its figures.
    const list = (await (await broadcasts.GET(request(`/api/broadcasts${q(who)}`, { headers: { cookie: who.cookie } }))).json()) as { id: string }[];
    expect(list[0]).toMatchObject({ id: b.id, recipients: 10, sent: 10 });
  });

  it("tells the page's webhooks when a broadcast is sent", async () => {
    const { who } = await readyOwner(10);
    await db.webhookEndpoint.create({ data: { pageId: who.user.id, url: "https://hooks.example.com/x", events: ["broadcast.sent"], secret: "whsec_x" } });
    const b = await draft(who);
    await send(who, b.id);
    await runSenders();
    await runSenders();
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { type: "broadcast.sent", endpoint: { pageId: who.user.id } } });
    expect(JSON.parse(delivery.payload).data).toEqual({ broadcastId: b.id, recipients: 10, sent: 10, failed: 0 });
  });

  it("lets each message's own one-click unsubscribe work, and its page open without unsubscribing", async () => {
    const { who, emails } = await readyOwner(10);
    const b = await draft(who);
    await send(who, b.id);
    await runSenders();
    const mail = receivedBy(emails[3]!)[0]!;
    const oneClick = /<(.*)>/.exec(headerOf(mail, "List-Unsubscribe")!)![1]!;
    const token = new URL(oneClick).searchParams.get("token")!;
    const page = await unsubscribePage(request(`/inscricao/cancelar?token=${encodeURIComponent(token)}`), params({}));
    expect(page.status).toBe(200);
    expect(await db.subscriber.count({ where: { pageId: who.user.id, status: "confirmed" } })).toBe(10);
    const res = await unsubscribeRoute(
      request(`/api/subscribe/unsubscribe?token=${encodeURIComponent(token)}`, {
        body: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(res.status).toBe(200);
    expect(await db.subscriber.count({ where: { pageId: who.user.id, status: "confirmed" } })).toBe(9);
    expect(await db.subscriber.count({ where: { pageId: who.user.id, email: emails[3]! } })).toBe(0);
  });

  it("sends nothing more to an address that leaves while it runs, at the operator's rate", async () => {
    process.env.BROADCAST_PER_MINUTE = "4";
    resetEnvCache();
    const { who, emails } = await readyOwner(10);
    const b = await draft(who);
    await send(who, b.id);
    const t0 = new Date();
    await runSenders(t0);
    expect(smtp.current.received).toHaveLength(4);
    // Someone not yet written to leaves (through their link of an earlier message).
    const leaving = emails.find((e) => receivedBy(e).length === 0)!;
    const subscriber = await db.subscriber.findFirstOrThrow({ where: { email: leaving } });
    const token = newUnsubscribeToken();
    await db.unsubscribeLink.create({ data: { tokenHash: hashToken(token), subscriberId: subscriber.id } });
    expect((await unsubscribeRoute(request(`/api/subscribe/unsubscribe?token=${token}`, { method: "POST" }))).status).toBe(200);
    // Within the same minute nothing more leaves; a minute later the next 4.
    await runSenders(new Date(t0.getTime() + 10_000));
    expect(smtp.current.received).toHaveLength(4);
    await runSenders(new Date(t0.getTime() + 61_000));
    expect(smtp.current.received).toHaveLength(8);
    await runSenders(new Date(t0.getTime() + 122_000));
    await runSenders(new Date(t0.getTime() + 183_000));
    expect(smtp.current.received).toHaveLength(9);
    expect(receivedBy(leaving)).toHaveLength(0);
    expect(await get(who, b.id)).toMatchObject({ status: "sent", recipients: 10, sent: 9, failed: 0 });
  });

  it("gives up a deleted subscriber's message handed to the outbox and not yet sent", async () => {
    const { who, emails } = await readyOwner(10);
    const b = await draft(who);
    await send(who, b.id);
    await runJobs(broadcastJobs(), { deadlineMs: 60_000 });
    const gone = await db.subscriber.findFirstOrThrow({ where: { email: emails[5]! } });
    const res = await removeSubscriber(
      request(`/api/subscribers/${gone.id}${q(who)}`, { method: "DELETE", headers: { cookie: who.cookie } }),
      params({ id: gone.id }),
    );
    expect(res.status).toBe(200);
    await runSenders();
    await runSenders();
    expect(smtp.current.received).toHaveLength(9);
    expect(receivedBy(emails[5]!)).toHaveLength(0);
    expect(await get(who, b.id)).toMatchObject({ status: "sent", recipients: 10, sent: 9, failed: 0 });
  });

  it("refuses a page younger than 7 days, a list under 10 confirmed, a second a day, a fourth a week, and a sender without a verified e-mail", async () => {
    const young = await signedInUser();
    await db.user.update({ where: { id: young.user.id }, data: { emailVerified: new Date() } });
    await addSubscribers(young.user.id, 12, "confirmed");
    const y = await draft(young);
    const r1 = await send(young, y.id);
    expect(r1.status).toBe(403);
    expect((await r1.json()).message).toBe("Sua lista ainda não pode receber envios");

    const { who: small } = await readyOwner(9);
    await addSubscribers(small.user.id, 3, "pending");
    const s = await draft(small);
    const r2 = await send(small, s.id);
    expect(r2.status).toBe(403);
    expect((await r2.json()).message).toBe("Sua lista ainda não pode receber envios");

    const { who } = await readyOwner(10);
    const first = await draft(who);
    expect((await send(who, first.id)).status).toBe(200);
    const second = await draft(who);
    const r3 = await send(who, second.id);
    expect(r3.status).toBe(429);
    expect((await r3.json()).message).toBe("Sua página já fez um envio hoje. Tente amanhã.");
    // Two more earlier in the week: a fourth within 7 days is refused, even on another day.
    await db.broadcast.update({ where: { id: first.id }, data: { startedAt: new Date(Date.now() - 2 * DAY_MS) } });
    for (const days of [4, 6]) {
      const earlier = await draft(who);
      await db.broadcast.update({ where: { id: earlier.id }, data: { status: "sent", startedAt: new Date(Date.now() - days * DAY_MS) } });
    }
    const r4 = await send(who, second.id);
    expect(r4.status).toBe(429);
    expect((await r4.json()).message).toBe("Sua página já fez 3 envios nesta semana");
    expect(await get(who, second.id)).toMatchObject({ status: "draft" });

    const { who: unverified } = await readyOwner(10);
    await db.user.update({ where: { id: unverified.user.id }, data: { emailVerified: null } });
    const u = await draft(unverified);
    const r5 = await send(unverified, u.id);
    expect(r5.status).toBe(403);
    expect((await r5.json()).message).toBe("Confirme seu e-mail primeiro");
    expect(smtp.current.received).toHaveLength(0);
  });

  it("lets editors write drafts but not send, and changes or deletes only drafts and scheduled ones", async () => {
    const { who } = await readyOwner(10);
    const editor = await signedInUser();
    await db.user.update({ where: { id: editor.user.id }, data: { emailVerified: new Date() } });
    await addMember(who.user.id, editor.user.id, "editor");
    const asEditor = { ...editor, user: { ...editor.user, username: who.user.username } };
    const b = await draft(asEditor);
    expect((await send(asEditor, b.id)).status).toBe(403);
    const put = await broadcastById.PUT(
      request(`/api/broadcasts/${b.id}${q(who)}`, { method: "PUT", body: { subject: "Outro assunto", body: "Texto" }, headers: { cookie: editor.cookie } }),
      params({ id: b.id }),
    );
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ subject: "Outro assunto", body: "Texto", status: "draft" });
    const bad = await broadcasts.POST(
      request(`/api/broadcasts${q(who)}`, { body: { subject: "", body: "x".repeat(20_001) }, headers: { cookie: who.cookie } }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toMatchObject({ subject: "Informe o assunto", body: "A mensagem pode ter até 20.000 caracteres" });

    expect((await send(who, b.id)).status).toBe(200);
    const late = await broadcastById.PUT(
      request(`/api/broadcasts/${b.id}${q(who)}`, { method: "PUT", body: { subject: "x", body: "y" }, headers: { cookie: who.cookie } }),
      params({ id: b.id }),
    );
    expect(late.status).toBe(409);
    expect((await late.json()).message).toBe("Este envio não pode mais ser alterado");
    const del = await broadcastById.DELETE(
      request(`/api/broadcasts/${b.id}${q(who)}`, { method: "DELETE", headers: { cookie: who.cookie } }),
      params({ id: b.id }),
    );
    expect(del.status).toBe(409);

    const other = await signedInUser();
    const foreign = await broadcastById.GET(
      request(`/api/broadcasts/${b.id}?page=${other.user.username}`, { headers: { cookie: other.cookie } }),
      params({ id: b.id }),
    );
    expect(foreign.status).toBe(404);
  });

  it("sends a test only to the caller's own verified e-mail", async () => {
    const { who, emails } = await readyOwner(10);
    const b = await draft(who);
    const res = await testRoute.POST(
      request(`/api/broadcasts/${b.id}/test${q(who)}`, { method: "POST", headers: { cookie: who.cookie } }),
      params({ id: b.id }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sentTo: who.user.email });
    await runSenders();
    expect(smtp.current.received).toHaveLength(1);
    expect(smtp.current.received[0]!.to).toEqual([who.user.email]);
    expect(smtp.current.received[0]!.subject).toBe("[Teste] Novidade na loja");
    for (const e of emails) expect(receivedBy(e)).toHaveLength(0);
    expect(await get(who, b.id)).toMatchObject({ status: "draft" });

    // Ten tests an hour per account: the eleventh is refused and queues nothing.
    const test = () =>
      testRoute.POST(request(`/api/broadcasts/${b.id}/test${q(who)}`, { method: "POST", headers: { cookie: who.cookie } }), params({ id: b.id }));
    for (let i = 2; i <= 10; i++) expect((await test()).status).toBe(200);
    const refused = await test();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    await runSenders();
    expect(smtp.current.received).toHaveLength(10);
  });

  it("schedules in São Paulo time and is sent by the jobs at its time, not before", async () => {
    const { who, emails } = await readyOwner(10);
    const b = await draft(who);
    const res = await send(who, b.id, { sendAt: "2099-03-10T09:30" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "scheduled", sendAt: "2099-03-10T12:30:00.000Z" });
    // Brought near, for the jobs' clock.
    const at = new Date(Date.now() + 60 * 60_000);
    await db.broadcast.update({ where: { id: b.id }, data: { sendAt: at } });
    await runSenders(new Date(at.getTime() - 60_000));
    expect(smtp.current.received).toHaveLength(0);
    expect(await get(who, b.id)).toMatchObject({ status: "scheduled" });
    await runSenders(new Date(at.getTime() + 1_000));
    expect(new Set(smtp.current.received.flatMap((m) => m.to))).toEqual(new Set(emails));
    expect(smtp.current.received).toHaveLength(10);
  });

  it("sends no scheduled broadcast to a list that fell under 10 confirmed since: it goes back to the drafts", async () => {
    const { who, emails } = await readyOwner(10);
    const b = await draft(who);
    expect((await send(who, b.id, { sendAt: new Date(Date.now() + 60 * 60_000).toISOString() })).status).toBe(200);
    await db.subscriber.updateMany({ where: { email: emails[0]! }, data: { status: "unsubscribed", email: null, unsubscribedAt: new Date() } });
    await runSenders(new Date(Date.now() + 2 * 60 * 60_000));
    expect(smtp.current.received).toHaveLength(0);
    expect(await get(who, b.id)).toMatchObject({ status: "draft", recipients: 0 });
  });

  it("delivers each message exactly once when two senders run at once on one database", async () => {
    const { who, emails } = await readyOwner(40);
    const b = await draft(who);
    await send(who, b.id);
    await Promise.all([runSenders(), runSenders()]);
    await Promise.all([runSenders(), runSenders()]);
    expect(smtp.current.received).toHaveLength(40);
    const counts = new Map<string, number>();
    for (const m of smtp.current.received) for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(counts.keys())).toEqual(new Set(emails));
    expect(await db.broadcastRecipient.count({ where: { broadcastId: b.id, state: "handed" } })).toBe(40);
    expect(await get(who, b.id)).toMatchObject({ status: "sent", sent: 40 });
  });

  it("resumes after a restart: rows a dead sender had claimed are sent once their claim passes, each exactly once", async () => {
    const { who, emails } = await readyOwner(12);
    const b = await draft(who);
    await send(who, b.id);
    const t0 = new Date();
    // The handing ran; the server died before sending, holding claims on half the rows.
    await runJobs(broadcastJobs(), { deadlineMs: 60_000, now: t0 });
    const rows = await db.broadcastRecipient.findMany({ where: { broadcastId: b.id }, select: { outboxId: true }, orderBy: { id: "asc" } });
    expect(rows.every((r) => r.outboxId)).toBe(true);
    const held = rows.slice(0, 6).map((r) => r.outboxId!);
    await db.outboxMessage.updateMany({
      where: { id: { in: held } },
      data: { lockedBy: "dead", lockedUntil: new Date(t0.getTime() + 2 * 60_000), attempts: 1 },
    });
    // After the restart: the rows nobody holds leave at once, the held ones once their claim has passed.
    await runSenders(new Date(t0.getTime() + 1_000));
    expect(smtp.current.received).toHaveLength(6);
    await runSenders(new Date(t0.getTime() + 3 * 60_000));
    await runSenders(new Date(t0.getTime() + 6 * 60_000));
    expect(smtp.current.received).toHaveLength(12);
    expect(new Set(smtp.current.received.flatMap((m) => m.to))).toEqual(new Set(emails));
    expect(await get(who, b.id)).toMatchObject({ status: "sent", sent: 12, failed: 0 });
  });

  it("pauses the page's broadcasts when unsubscribes pass 2 %, tells the owner and the administrators, until an administrator lifts it", async () => {
    const admin = await signedInUser({ isAdmin: true });
    await db.user.update({ where: { id: admin.user.id }, data: { emailVerified: new Date() } });
    const { who, emails } = await readyOwner(20);
    const b = await draft(who);
    await send(who, b.id);
    await runSenders();
    await runSenders();
    expect(await db.broadcastPause.count({ where: { pageId: who.user.id } })).toBe(0);
    // 1 of 20 (5 %) leaves through their message's link.
    const token = new URL(/<(.*)>/.exec(headerOf(receivedBy(emails[0]!)[0]!, "List-Unsubscribe")!)![1]!).searchParams.get("token")!;
    await unsubscribeRoute(request(`/api/subscribe/unsubscribe?token=${encodeURIComponent(token)}`, { method: "POST" }));
    smtp.current.received.length = 0;
    await runSenders();
    expect(await get(who, b.id)).toMatchObject({ unsubscribed: 1 });
    const pause = await db.broadcastPause.findUniqueOrThrow({ where: { pageId: who.user.id } });
    expect(pause).toMatchObject({ broadcastId: b.id, liftedAt: null, reason: "Mais de 2% de cancelamentos nas primeiras 24 horas" });
    expect(receivedBy(who.user.email).map((m) => m.subject)).toEqual(["Envios de Ana Souza pausados"]);
    expect(receivedBy(admin.user.email).map((m) => m.subject)).toEqual(["Envios de Ana Souza pausados"]);

    // Paused: a new one is refused, and the admin panel lists it.
    await db.broadcast.update({ where: { id: b.id }, data: { startedAt: new Date(Date.now() - 2 * DAY_MS) } });
    const next = await draft(who);
    const refused = await send(who, next.id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe("Os envios desta página estão pausados. Fale com o suporte.");
    const listed = (await (await adminBroadcasts.GET(request("/api/admin/broadcasts", { headers: { cookie: admin.cookie } }))).json()) as {
      id: string;
      page: { paused: boolean };
    }[];
    expect(listed.find((x) => x.id === b.id)?.page.paused).toBe(true);
    // With its reason, among the pages paused now (the 2 % rule's, not an administrator's).
    const pausedNow = async (cookie: string) => adminPauses.GET(request("/api/admin/broadcasts/pauses", { headers: { cookie } }));
    expect((await pausedNow(who.cookie)).status).toBe(403);
    expect(((await (await pausedNow(admin.cookie)).json()) as { pageId: string }[]).filter((p) => p.pageId === who.user.id)).toEqual([
      {
        pageId: who.user.id,
        username: who.user.username,
        name: "Ana Souza",
        reason: "Mais de 2% de cancelamentos nas primeiras 24 horas",
        pausedAt: pause.pausedAt.toISOString(),
        byAdmin: false,
      },
    ]);
    // Not for an owner.
    expect(
      (
        await adminPause.DELETE(
          request(`/api/admin/broadcasts/pauses/${who.user.id}`, { method: "DELETE", headers: { cookie: who.cookie } }),
          params({ id: who.user.id }),
        )
      ).status,
    ).toBe(403);

    // Lifted: it sends again, and the same broadcast never pauses it twice.
    const lift = await adminPause.DELETE(
      request(`/api/admin/broadcasts/pauses/${who.user.id}`, { method: "DELETE", headers: { cookie: admin.cookie } }),
      params({ id: who.user.id }),
    );
    expect(lift.status).toBe(200);
    expect(await lift.json()).toEqual({ pageId: who.user.id, paused: false });
    await runSenders();
    expect(await db.broadcastPause.count({ where: { pageId: who.user.id, liftedAt: null } })).toBe(0);
    expect(((await (await pausedNow(admin.cookie)).json()) as { pageId: string }[]).filter((p) => p.pageId === who.user.id)).toEqual([]);
    expect((await send(who, next.id)).status).toBe(200);

    // An administrator pauses one broadcast: it hands nothing more until lifted.
    const paused = await adminBroadcastPause.POST(
      request(`/api/admin/broadcasts/${next.id}/pause`, { method: "POST", headers: { cookie: admin.cookie } }),
      params({ id: next.id }),
    );
    expect(paused.status).toBe(200);
    smtp.current.received.length = 0;
    await runSenders();
    expect(smtp.current.received).toHaveLength(0);
    await adminBroadcastPause.DELETE(
      request(`/api/admin/broadcasts/${next.id}/pause`, { method: "DELETE", headers: { cookie: admin.cookie } }),
      params({ id: next.id }),
    );
    await runSenders();
    expect(smtp.current.received).toHaveLength(19);
  });
});
