import { GET as challengeRoute } from "./challenge/route";
import { POST as confirmRoute } from "./confirm/route";
import { POST as unsubscribeRoute } from "./unsubscribe/route";
import { GET as confirmPage } from "@/app/inscricao/confirmar/route";
import { GET as unsubscribePage } from "@/app/inscricao/cancelar/route";
import { GET as statsRoute } from "@/app/api/stats/route";
import { consentVersionOf } from "@/lib/audience/subscribe-mutations";
import { runDueJobs } from "@/lib/startup/app-jobs";
import { db } from "@/lib/server/db";
import { decodeFormFlash } from "@/lib/server/form-post";
import { saoPauloDay } from "@/lib/dates/sao-paulo-days";
import { dayToDate } from "@/lib/stats/days";
import { createUser, signedInUser } from "@/tests/factories";
import { linkIn, tokenOf, type ReceivedMail } from "@/tests/helpers/mail";
import { flushOutbox, useTestSmtp } from "@/tests/helpers/outbox";
import { params, request } from "@/tests/helpers/request";
import { signUpForm, signUpJson, solvedProof, subscribeBlock } from "@/tests/helpers/subscribe";

// The whole life of a subscriber (api.md, Audience): sign-up as JSON (with a
// real proof of work) and as the page's form, the confirmation e-mail, its
// page (opening it confirms nothing), the POST that confirms and counts, the
// unsubscribe that forgets the address; the equal answers, the limits, the
// honeypot and the proof's refusals.

const smtp = useTestSmtp();

async function page(name = "Loja da Ana") {
  const user = await createUser({ name, username: "ana" });
  const block = await subscribeBlock(user.id, { whatsapp: true });
  return { user, block, pageId: user.id };
}

async function mails(): Promise<ReceivedMail[]> {
  await flushOutbox();
  return smtp.current.received;
}

const confirmPost = (token: string, form = false) =>
  confirmRoute(
    form
      ? request("/api/subscribe/confirm", { method: "POST", body: `token=${token}`, headers: { "content-type": "application/x-www-form-urlencoded" } })
      : request("/api/subscribe/confirm", { method: "POST", body: { token } }),
  );

/** The message's headers, unfolded. */
const headersOf = (mail: ReceivedMail) => mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");

const todayStat = async (pageId: string) =>
  (await db.dailyProfileStat.findUnique({ where: { pageId_day: { pageId, day: dayToDate(saoPauloDay()) } } }))?.subscribers ?? 0;

describe("GET /api/subscribe/challenge", () => {
  it("answers a fresh signed challenge, never cached, with no cookie, expiring in minutes", async () => {
    const res = await challengeRoute(request("/api/subscribe/challenge"));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("set-cookie")).toBeNull();
    const body = await res.json();
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(body.parameters).toMatchObject({ algorithm: "SHA-256", cost: 1, keySignature: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const minutes = (body.parameters.expiresAt * 1000 - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(5);
    expect(minutes).toBeLessThanOrEqual(10);
    const again = await (await challengeRoute(request("/api/subscribe/challenge"))).json();
    expect(again.parameters.nonce).not.toBe(body.parameters.nonce);
  });
});

describe("the life of a subscriber", () => {
  it("signs up (JSON), gets one e-mail, confirms from its page's button only, is counted once, and unsubscribes", async () => {
    const { block, pageId } = await page();
    const res = await signUpJson(block.id, { email: " Bia@Example.com ", whatsapp: "(11) 98765-4321" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });

    const row = await db.subscriber.findFirstOrThrow({ where: { pageId } });
    const consentText = "Quero receber novidades de Loja da Ana por e-mail. Posso cancelar quando quiser.";
    expect(row).toMatchObject({
      email: "bia@example.com",
      whatsapp: "+5511987654321",
      status: "pending",
      consentText,
      consentVersion: consentVersionOf(consentText),
      source: "Lista VIP",
      blockId: block.id,
      confirmedAt: null,
    });
    expect(row.consentVersion).toMatch(/^[0-9a-f]{16}$/);
    expect(Math.abs(row.consentedAt.getTime() - Date.now())).toBeLessThan(10_000);

    const [mail] = await mails();
    expect(smtp.current.received).toHaveLength(1);
    expect(mail!.to).toEqual(["bia@example.com"]);
    expect(mail!.subject).toBe("Confirme sua inscrição em Loja da Ana");
    expect(headersOf(mail!)).toMatch(/^List-Unsubscribe: <http:\/\/localhost:\d+\/api\/subscribe\/unsubscribe\?token=[A-Za-z0-9_-]+>$/m);
    expect(headersOf(mail!)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const confirmLink = linkIn(mail!, "/inscricao/confirmar");
    const unsubscribeLink = linkIn(mail!, "/inscricao/cancelar");
    // Only hashes are kept.
    const stored = await db.subscriber.findFirstOrThrow({ where: { pageId } });
    expect(JSON.stringify(stored)).not.toContain(tokenOf(confirmLink));
    expect(JSON.stringify(stored)).not.toContain(tokenOf(unsubscribeLink));

    // A mail scanner opens the link: nothing happens.
    const opened = await confirmPage(request(new URL(confirmLink).pathname + new URL(confirmLink).search), params({}));
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await opened.text();
    expect(html).toContain("Toque no botão para confirmar que quer receber novidades de Loja da Ana.");
    expect(html).toContain('<form method="post" action="/api/subscribe/confirm">');
    expect(html).not.toContain("<script");
    expect((await db.subscriber.findFirstOrThrow({ where: { pageId } })).status).toBe("pending");
    expect(await todayStat(pageId)).toBe(0);

    // The button (the page's form, no JavaScript).
    const confirmed = await confirmPost(tokenOf(confirmLink), true);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/inscricao/confirmar?feito=1");
    const done = await confirmPage(request("/inscricao/confirmar?feito=1"), params({}));
    expect(await done.text()).toContain("Inscrição confirmada");
    const after = await db.subscriber.findFirstOrThrow({ where: { pageId } });
    expect(after).toMatchObject({ status: "confirmed", confirmTokenHash: null });
    expect(after.confirmedAt).not.toBeNull();
    expect(await todayStat(pageId)).toBe(1);

    // Once: the link is spent.
    const twice = await confirmPost(tokenOf(confirmLink));
    expect(twice.status).toBe(400);
    expect((await twice.json()).message).toBe("Este link não vale mais. Ele pode ter sido usado ou substituído por um mais recente.");
    expect(await todayStat(pageId)).toBe(1);

    // Unsubscribe: the page's button; the address and the number go at once.
    const unsubPage = await unsubscribePage(request(new URL(unsubscribeLink).pathname + new URL(unsubscribeLink).search), params({}));
    expect(await unsubPage.text()).toContain("Toque no botão para deixar de receber mensagens de Loja da Ana.");
    const left = await unsubscribeRoute(
      request("/api/subscribe/unsubscribe", {
        method: "POST",
        body: `token=${tokenOf(unsubscribeLink)}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(left.status).toBe(303);
    expect(left.headers.get("location")).toBe("/inscricao/cancelar?feito=1");
    const gone = await db.subscriber.findFirstOrThrow({ where: { pageId } });
    expect(gone).toMatchObject({ status: "unsubscribed", email: null, whatsapp: null, confirmTokenHash: null });
    expect(gone.unsubscribedAt).not.toBeNull();
    expect(JSON.stringify(gone)).not.toMatch(/bia@|98765/);
  });

  it("counts confirmed sign-ups per day in the statistics, beside views and clicks", async () => {
    const owner = await signedInUser({ username: "ana" });
    const block = await subscribeBlock(owner.user.id);
    for (const [i, email] of ["a@example.com", "b@example.com"].entries())
      expect((await signUpForm(block.id, { email, consent: "on" }, { ip: `198.51.100.${i + 1}` })).status).toBe(303);
    for (const mail of await mails()) expect((await confirmPost(tokenOf(linkIn(mail, "/inscricao/confirmar")))).status).toBe(200);
    const stats = await (await statsRoute(request("/api/stats?days=7", { headers: { cookie: owner.cookie } }))).json();
    expect(stats.subscribers).toBe(2);
    expect(stats.daily.at(-1)).toMatchObject({ date: saoPauloDay(), subscribers: 2 });
    expect(stats.daily.at(-2)).toMatchObject({ subscribers: 0 });
  });

  it("unsubscribes with a mail client's one-click POST, and a pending sign-up too", async () => {
    const { block, pageId } = await page();
    await signUpForm(block.id, { email: "bia@example.com", consent: "on" });
    const [mail] = await mails();
    const oneClick = /^List-Unsubscribe: <([^>]+)>/m.exec(headersOf(mail!))![1]!;
    const res = await unsubscribeRoute(
      request(new URL(oneClick).pathname + new URL(oneClick).search, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(await db.subscriber.findFirstOrThrow({ where: { pageId } })).toMatchObject({ status: "unsubscribed", email: null });
    // Its confirmation link is dead too, and signing up again starts afresh.
    expect((await confirmPost(tokenOf(linkIn(mail!, "/inscricao/confirmar")))).status).toBe(400);
    expect((await signUpForm(block.id, { email: "bia@example.com", consent: "on" }, { ip: "198.51.100.2" })).status).toBe(303);
    expect(await db.subscriber.count({ where: { pageId, email: "bia@example.com", status: "pending" } })).toBe(1);
  });

  it("shows no button for a link that is not (or no longer) valid", async () => {
    const res = await confirmPage(request("/inscricao/confirmar?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"), params({}));
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Este link não vale mais.");
    expect(html).not.toContain("<form");
  });
});

describe("POST /api/subscribe/{blockId}", () => {
  it("answers the same for a new, a pending and a confirmed address, and sends at most one e-mail an hour per address", async () => {
    const { block, pageId } = await page();
    const answers: [number, string][] = [];
    const answer = async (email: string) => {
      const res = await signUpJson(block.id, { email });
      answers.push([res.status, await res.text()]);
    };
    await answer("nova@example.com");
    await answer("nova@example.com"); // pending
    expect(await mails()).toHaveLength(1);
    await confirmPost(tokenOf(linkIn(smtp.current.received[0]!, "/inscricao/confirmar")));
    await answer("nova@example.com"); // confirmed
    await answer("outra@example.com"); // new
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify([200, '{"ok":true}'])]));
    expect((await mails()).map((m) => m.to[0])).toEqual(["nova@example.com", "outra@example.com"]);
    expect(await db.subscriber.count({ where: { pageId } })).toBe(2);
    expect(await db.subscriber.findFirstOrThrow({ where: { pageId, email: "nova@example.com" } })).toMatchObject({ status: "confirmed" });

    // An hour later, a pending address may get one more (its newer link replaces the older).
    await db.subscriber.updateMany({ where: { email: "outra@example.com" }, data: { confirmationSentAt: new Date(Date.now() - 61 * 60_000) } });
    await db.rateLimit.updateMany({ where: { key: { startsWith: "subscribe-mail:" } }, data: { resetAt: new Date(Date.now() - 60_000) } });
    const first = linkIn(smtp.current.received[1]!, "/inscricao/confirmar");
    smtp.current.received.length = 0;
    for (const ip of ["198.51.100.3", "198.51.100.4"])
      expect((await signUpForm(block.id, { email: "outra@example.com", consent: "on" }, { ip })).status).toBe(303);
    const again = await mails();
    expect(again.map((m) => m.to[0])).toEqual(["outra@example.com"]);
    expect((await confirmPost(tokenOf(first))).status).toBe(400);
    expect((await confirmPost(tokenOf(linkIn(again[0]!, "/inscricao/confirmar")))).status).toBe(200);
  });

  it("sends one e-mail for concurrent sign-ups of one address", async () => {
    const { block } = await page();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => signUpForm(block.id, { email: "junto@example.com", consent: "on" }, { ip: `198.51.100.${i}` })),
    );
    expect(answers.map((r) => r.headers.get("location"))).toEqual(Array(5).fill(`/ana?inscricao=ok#b-${block.id}`));
    expect(await db.outboxMessage.count({ where: { to: "junto@example.com" } })).toBe(1);
    expect(await db.subscriber.count({ where: { email: "junto@example.com" } })).toBe(1);
  });

  it("sends an address at most one e-mail an hour over every page, and keeps each page's sign-up", async () => {
    const { user, block } = await page();
    const other = await subscribeBlock((await createUser({ username: "bruno", name: "Bruno" })).id);
    expect((await signUpForm(block.id, { email: "bia@example.com", consent: "on" }, { ip: "198.51.100.1" })).status).toBe(303);
    expect((await signUpForm(other.id, { email: "bia@example.com", consent: "on" }, { ip: "198.51.100.2" })).status).toBe(303);
    expect((await mails()).map((m) => m.subject)).toEqual(["Confirme sua inscrição em Loja da Ana"]);
    expect((await db.subscriber.findMany({ where: { email: "bia@example.com" }, orderBy: { createdAt: "asc" } })).map((s) => s.pageId)).toEqual([
      user.id,
      other.pageId,
    ]);
  });

  it("refuses a sixth sign-up of one address within the hour (429), whatever the client", async () => {
    const { block } = await page();
    for (let i = 0; i < 5; i++)
      expect((await signUpForm(block.id, { email: "cinco@example.com", consent: "on" }, { ip: `198.51.100.${i + 1}` })).status).toBe(303);
    const sixth = await signUpJson(block.id, { email: "cinco@example.com" }, { ip: "198.51.100.77" });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await sixth.json()).message).toEqual(expect.any(String));
    expect(await db.outboxMessage.count({ where: { to: "cinco@example.com" } })).toBe(1);
  });

  it("refuses past the limits per client address (30 a minute) and per page (600 a minute)", async () => {
    const { block, pageId } = await page();
    const resetAt = new Date(Date.now() + 60_000);
    const flashStatus = (res: Response) => decodeFormFlash(/vitrine-form=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1])?.status ?? res.status;
    await db.rateLimit.create({ data: { key: "subscribe:ip:198.51.100.9", count: 30, resetAt } });
    expect(flashStatus(await signUpForm(block.id, { email: "a@example.com", consent: "on" }, { ip: "198.51.100.9" }))).toBe(429);
    expect(flashStatus(await signUpForm(block.id, { email: "a@example.com", consent: "on" }, { ip: "198.51.100.10" }))).toBe(303);
    await db.rateLimit.update({ where: { key: `subscribe:page:${pageId}` }, data: { count: 600, resetAt } });
    expect((await signUpJson(block.id, { email: "b@example.com" }, { ip: "198.51.100.11" })).status).toBe(429);
    expect(await db.subscriber.count({ where: { pageId } })).toBe(1);
  });

  it("answers a filled honeypot as a success and stores nothing", async () => {
    const { block, pageId } = await page();
    const json = await signUpJson(block.id, { email: "robo@example.com", website: "https://spam.example", altcha: "x" });
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ ok: true });
    const form = await signUpForm(block.id, { email: "robo@example.com", consent: "on", website: "x" });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe(`/ana?inscricao=ok#b-${block.id}`);
    expect(await db.subscriber.count({ where: { pageId } })).toBe(0);
    expect(await db.outboxMessage.count()).toBe(0);
  });

  it("refuses JSON without a proof, with a wrong one, and a reused one", async () => {
    const { block, pageId } = await page();
    const message = "Não foi possível verificar o envio. Tente de novo.";
    const none = await signUpJson(block.id, { email: "a@example.com", altcha: null });
    expect(none.status).toBe(400);
    expect((await none.json()).message).toBe(message);

    const proof = await solvedProof();
    const payload = JSON.parse(Buffer.from(proof, "base64").toString("utf8"));
    const wrong = Buffer.from(JSON.stringify({ ...payload, solution: { ...payload.solution, counter: payload.solution.counter + 1 } })).toString("base64");
    const key = Buffer.from(JSON.stringify({ ...payload, solution: { ...payload.solution, derivedKey: "00".repeat(32) } })).toString("base64");
    const expires = Buffer.from(
      JSON.stringify({
        ...payload,
        challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, expiresAt: payload.challenge.parameters.expiresAt + 3600 } },
      }),
    ).toString("base64");
    for (const altcha of [key, expires, "not-base64-json", ""]) {
      const res = await signUpJson(block.id, { email: "a@example.com", altcha: altcha || null });
      expect([altcha.slice(0, 10), res.status, (await res.json()).message]).toEqual([altcha.slice(0, 10), 400, message]);
    }
    // A wrong counter with the right key is still the right key (the key is what is signed): accepted once.
    expect((await signUpJson(block.id, { email: "a@example.com", altcha: wrong })).status).toBe(200);
    const reused = await signUpJson(block.id, { email: "b@example.com", altcha: proof });
    expect(reused.status).toBe(400);
    expect((await reused.json()).message).toBe(message);
    expect(await db.subscriber.count({ where: { pageId } })).toBe(1);
  });

  it("refuses without consent: 400 as JSON, back to the page with the message and what was typed as a form", async () => {
    const { block, pageId } = await page();
    const res = await signUpJson(block.id, { email: "a@example.com", consent: false, altcha: "x" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "É preciso aceitar para se inscrever", errors: { consent: "É preciso aceitar para se inscrever" } });

    const form = await signUpForm(block.id, { email: "a@example.com", whatsapp: "(11) 98765-4321" });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe(`/ana?inscricao=${block.id}&erro=1`);
    const cookie = /vitrine-form=([^;]+)/.exec(form.headers.get("set-cookie") ?? "")![1];
    expect(decodeFormFlash(cookie)).toMatchObject({
      status: 400,
      message: "É preciso aceitar para se inscrever",
      values: { email: "a@example.com", whatsapp: "(11) 98765-4321" },
    });
    expect(await db.subscriber.count({ where: { pageId } })).toBe(0);
  });

  it("checks the e-mail and the WhatsApp (+55, stored E.164), and ignores a number the block does not ask for", async () => {
    const { block, user } = await page();
    const bad = await signUpJson(block.id, { email: "não é e-mail", whatsapp: "123", altcha: "x" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      message: "Informe um e-mail válido",
      errors: { email: "Informe um e-mail válido", whatsapp: "Informe um WhatsApp do Brasil com DDD, como (11) 98765-4321" },
    });
    const foreign = await signUpJson(block.id, { email: "a@example.com", whatsapp: "+1 415 555 0100", altcha: "x" });
    expect(foreign.status).toBe(400);
    const plain = await subscribeBlock(user.id, { title: "Só e-mail", whatsapp: false });
    expect((await signUpJson(plain.id, { email: "b@example.com", whatsapp: "(11) 98765-4321" })).status).toBe(200);
    expect(await db.subscriber.findFirstOrThrow({ where: { email: "b@example.com" } })).toMatchObject({ whatsapp: null, source: "Só e-mail" });
  });

  it("takes the page's form without JavaScript (no proof) under its own stricter limit per client address", async () => {
    const { block, pageId } = await page();
    const ok = await signUpForm(block.id, { email: "form@example.com", consent: "on", whatsapp: "" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(`/ana?inscricao=ok#b-${block.id}`);
    expect(await db.subscriber.findFirstOrThrow({ where: { pageId } })).toMatchObject({ email: "form@example.com", status: "pending" });
    for (let i = 2; i <= 5; i++) expect((await signUpForm(block.id, { email: `f${i}@example.com`, consent: "on" })).status).toBe(303);
    const sixth = await signUpForm(block.id, { email: "f6@example.com", consent: "on" });
    expect(sixth.headers.get("location")).toBe(`/ana?inscricao=${block.id}&erro=1`);
    expect(decodeFormFlash(/vitrine-form=([^;]+)/.exec(sixth.headers.get("set-cookie") ?? "")![1])).toMatchObject({ status: 429 });
    // The same client with the page's script (a proof) is not held by it.
    expect((await signUpJson(block.id, { email: "f6@example.com" })).status).toBe(200);
    expect(await db.subscriber.count({ where: { pageId } })).toBe(6);
  });

  it("refuses a block that takes no sign-ups: unknown, not a subscribe block, inactive, out of schedule, on a deactivated page", async () => {
    const { user, block } = await page();
    const link = await subscribeBlock(user.id, { kind: "link" });
    const off = await subscribeBlock(user.id, { active: false });
    const later = await subscribeBlock(user.id, { startsAt: new Date(Date.now() + 3_600_000) });
    const ended = await subscribeBlock(user.id, { endsAt: new Date(Date.now() - 1000) });
    for (const id of ["nao-existe", link.id, off.id, later.id, ended.id]) {
      const res = await signUpJson(id, { email: "a@example.com", altcha: "x" });
      expect([id, res.status, (await res.json()).message]).toEqual([id, 404, "Este formulário não está recebendo inscrições"]);
    }
    await db.page.update({ where: { id: user.id }, data: { active: false } });
    expect((await signUpJson(block.id, { email: "a@example.com", altcha: "x" })).status).toBe(404);
    expect(await db.subscriber.count()).toBe(0);
  });

  it("refuses a cross-site post", async () => {
    const { block } = await page();
    const res = await signUpJson(
      block.id,
      { email: "a@example.com", altcha: "x" },
      { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } },
    );
    expect(res.status).toBe(403);
    expect(await db.subscriber.count()).toBe(0);
  });
});

describe("the jobs", () => {
  it("delete pending sign-ups older than 7 days and expired proofs, and keep the rest", async () => {
    const { block, pageId } = await page();
    await signUpJson(block.id, { email: "velha@example.com" });
    await signUpForm(block.id, { email: "nova@example.com", consent: "on" });
    await signUpForm(block.id, { email: "confirmada@example.com", consent: "on" });
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await db.subscriber.updateMany({
      where: { email: { in: ["velha@example.com", "confirmada@example.com"] } },
      data: { consentedAt: eightDaysAgo, confirmationSentAt: eightDaysAgo },
    });
    await db.subscriber.updateMany({ where: { email: "confirmada@example.com" }, data: { status: "confirmed" } });
    expect(await db.spentProof.count()).toBe(1);
    await db.spentProof.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    const report = await runDueJobs();
    expect(report["audience.expired"]).toEqual({ done: 2, more: false });
    expect((await db.subscriber.findMany({ where: { pageId }, orderBy: { email: "asc" } })).map((s) => s.email)).toEqual([
      "confirmada@example.com",
      "nova@example.com",
    ]);
    expect(await db.spentProof.count()).toBe(0);
  });

  it("count a waiting sign-up's 7 days from its confirmation e-mail, and keep one never sent for 30 days", async () => {
    const { block, pageId } = await page();
    for (const email of ["enviada@example.com", "esperando@example.com", "esquecida@example.com"]) await signUpJson(block.id, { email });
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    await db.subscriber.updateMany({ where: { email: "enviada@example.com" }, data: { consentedAt: daysAgo(20), confirmationSentAt: daysAgo(3) } });
    await db.subscriber.updateMany({ where: { email: "esperando@example.com" }, data: { consentedAt: daysAgo(20), confirmationSentAt: null } });
    await db.subscriber.updateMany({ where: { email: "esquecida@example.com" }, data: { consentedAt: daysAgo(31), confirmationSentAt: null } });
    await db.$executeRawUnsafe(`UPDATE "SignUpMailGate" SET "stoppedAt" = now()`);
    await runDueJobs();
    expect((await db.subscriber.findMany({ where: { pageId }, orderBy: { email: "asc" } })).map((s) => s.email)).toEqual([
      "enviada@example.com",
      "esperando@example.com",
    ]);
  });
});
