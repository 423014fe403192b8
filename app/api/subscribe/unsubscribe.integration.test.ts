/** @jest-environment node */
import { POST as unsubscribeRoute, GET as listUnsubscribePage } from "./unsubscribe/route";
import { GET as unsubscribePage } from "@/app/inscricao/cancelar/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { resetAuthSecretCache } from "@/lib/server/secret";
import { createUser } from "@/tests/factories";
import { linkIn, tokenOf, type ReceivedMail } from "@/tests/helpers/mail";
import { flushOutbox, useTestSmtp } from "@/tests/helpers/outbox";
import { params, request } from "@/tests/helpers/request";
import { signUpForm, subscribeBlock } from "@/tests/helpers/subscribe";

// Unsubscribing always works (api.md, fourth release put right): a link is a
// random token whose hash is stored, so it outlives a change of AUTH_SECRET;
// a used link says 'Você já saiu desta lista', a made-up one 'Link inválido';
// GET on the List-Unsubscribe address shows the page and unsubscribes nothing.

const smtp = useTestSmtp();

async function signedUp(email = "bia@example.com") {
  const user = await createUser({ name: "Loja da Ana", username: "ana" });
  const block = await subscribeBlock(user.id, { whatsapp: true });
  expect((await signUpForm(block.id, { email, whatsapp: "(11) 98765-4321", consent: "on" })).status).toBe(303);
  await flushOutbox();
  const mail = smtp.current.received.find((m) => m.to[0] === email)!;
  return { pageId: user.id, mail, token: tokenOf(linkIn(mail, "/inscricao/cancelar")), oneClick: oneClickOf(mail) };
}

/** The List-Unsubscribe address of a message (unfolded headers). */
function oneClickOf(mail: ReceivedMail): string {
  const head = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
  const url = new URL(/^List-Unsubscribe: <([^>]+)>/m.exec(head)![1]!);
  return url.pathname + url.search;
}

const pressButton = (token: string) =>
  unsubscribeRoute(
    request("/api/subscribe/unsubscribe", { method: "POST", body: `token=${token}`, headers: { "content-type": "application/x-www-form-urlencoded" } }),
  );
const postJson = (token: string) => unsubscribeRoute(request("/api/subscribe/unsubscribe", { method: "POST", body: { token } }));
const oneClickPost = (path: string) =>
  unsubscribeRoute(request(path, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } }));
const openPage = async (path: string) => {
  const res = await unsubscribePage(request(path), params({}));
  return { status: res.status, html: await res.text() };
};

const MADE_UP = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

describe("unsubscribe links", () => {
  it("still remove the address after AUTH_SECRET changes, those sent before and after the change", async () => {
    const { pageId, token } = await signedUp();
    const block = await db.link.findFirstOrThrow({ where: { pageId, kind: "subscribe" } });
    expect((await signUpForm(block.id, { email: "caio@example.com", consent: "on" }, { ip: "198.51.100.2" })).status).toBe(303);
    const before = process.env.AUTH_SECRET;
    process.env.AUTH_SECRET = "um-segredo-novo-um-segredo-novo-0123456789";
    resetEnvCache();
    resetAuthSecretCache();
    try {
      // A message sent after the change (caio's next one, an hour later) carries a link that works too.
      await db.outboxMessage.deleteMany({ where: { to: "caio@example.com" } }); // sealed under the old secret, never sent here
      await db.subscriber.updateMany({ where: { email: "caio@example.com" }, data: { confirmationSentAt: new Date(Date.now() - 61 * 60_000) } });
      await db.rateLimit.updateMany({ where: { key: { startsWith: "subscribe-mail:" } }, data: { resetAt: new Date(Date.now() - 60_000) } });
      expect((await signUpForm(block.id, { email: "caio@example.com", consent: "on" }, { ip: "198.51.100.3" })).status).toBe(303);
      await flushOutbox();
      const later = tokenOf(
        linkIn(
          smtp.current.received.find((m) => m.to[0] === "caio@example.com")!,
          "/inscricao/cancelar",
        ),
      );
      expect(await (await postJson(later)).json()).toEqual({ ok: true });
      expect(await db.subscriber.count({ where: { pageId, status: "unsubscribed" } })).toBe(1);

      const opened = await openPage(`/inscricao/cancelar?token=${token}`);
      expect(opened.html).toContain("Toque no botão para deixar de receber mensagens de Loja da Ana.");
      const res = await pressButton(token);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/inscricao/cancelar?feito=1");
      expect(await db.subscriber.count({ where: { pageId, status: "unsubscribed" } })).toBe(2);
      const row = await db.subscriber.findFirstOrThrow({
        where: { pageId, whatsapp: null, status: "unsubscribed", unsubscribedAt: { not: null } },
        orderBy: { createdAt: "asc" },
      });
      expect(row).toMatchObject({ email: null, whatsapp: null, confirmTokenHash: null });
      expect(JSON.stringify(row)).not.toMatch(/bia@|98765/);
    } finally {
      process.env.AUTH_SECRET = before;
      resetEnvCache();
      resetAuthSecretCache();
    }
  });

  it("tell a used link ('Você já saiu desta lista') from a made-up one ('Link inválido')", async () => {
    const { token, oneClick } = await signedUp();
    expect(await (await oneClickPost(oneClick)).json()).toEqual({ ok: true });

    // Used: the page, the button, the one-click POST and JSON all say so, and change nothing.
    const used = await openPage(`/inscricao/cancelar?token=${token}`);
    expect(used.status).toBe(200);
    expect(used.html).toContain("Você já saiu desta lista");
    expect(used.html).not.toContain("<form");
    const button = await pressButton(token);
    expect(button.headers.get("location")).toBe("/inscricao/cancelar?saiu=1");
    expect((await openPage("/inscricao/cancelar?saiu=1")).html).toContain("Você já saiu desta lista");
    expect(await (await oneClickPost(oneClick)).json()).toEqual({ ok: true, message: "Você já saiu desta lista" });
    const json = await postJson(token);
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ ok: true, message: "Você já saiu desta lista" });

    // Made up: never ours.
    const madeUp = await openPage(`/inscricao/cancelar?token=${MADE_UP}`);
    expect(madeUp.status).toBe(404);
    expect(madeUp.html).toContain("Link inválido");
    expect(madeUp.html).not.toContain("Você já saiu desta lista");
    const refused = await postJson(MADE_UP);
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe("Link inválido");
    expect((await oneClickPost(`/api/subscribe/unsubscribe?token=${MADE_UP}`)).status).toBe(400);
    expect((await postJson("curto")).status).toBe(400);
    const form = await pressButton(MADE_UP);
    expect(form.headers.get("location")).toBe("/inscricao/cancelar?erro=1");
    const back = await openPage("/inscricao/cancelar?erro=1");
    expect(back.html).toContain("Link inválido");
    expect(back.html).not.toContain("Você já saiu desta lista");
  });

  it("of a subscriber the owner deleted since say 'Você já saiu desta lista' too", async () => {
    const { pageId, token } = await signedUp();
    await db.subscriber.deleteMany({ where: { pageId } });
    expect((await openPage(`/inscricao/cancelar?token=${token}`)).html).toContain("Você já saiu desta lista");
    expect(await (await postJson(token)).json()).toEqual({ ok: true, message: "Você já saiu desta lista" });
  });

  it("answer GET on the List-Unsubscribe address with the page and its button, unsubscribing nothing", async () => {
    const { pageId, oneClick } = await signedUp();
    const res = await listUnsubscribePage(request(oneClick), params({}));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain("Toque no botão para deixar de receber mensagens de Loja da Ana.");
    expect(html).toContain('<form method="post" action="/api/subscribe/unsubscribe">');
    expect(html).not.toContain("<script");
    expect(await db.subscriber.findFirstOrThrow({ where: { pageId } })).toMatchObject({ status: "pending", email: "bia@example.com" });
    // Its button unsubscribes.
    expect((await pressButton(new URLSearchParams(oneClick.split("?")[1]).get("token")!)).headers.get("location")).toBe("/inscricao/cancelar?feito=1");
    expect(await db.subscriber.findFirstOrThrow({ where: { pageId } })).toMatchObject({ status: "unsubscribed", email: null });
  });

  it("every message's link works on its own, until the subscriber leaves", async () => {
    const { pageId, token } = await signedUp();
    // An hour later the pending address gets a second message, with a link of its own.
    await db.subscriber.updateMany({ where: { pageId }, data: { confirmationSentAt: new Date(Date.now() - 61 * 60_000) } });
    await db.rateLimit.updateMany({ where: { key: { startsWith: "subscribe-mail:" } }, data: { resetAt: new Date(Date.now() - 60_000) } });
    smtp.current.received.length = 0;
    const block = await db.link.findFirstOrThrow({ where: { pageId, kind: "subscribe" } });
    expect((await signUpForm(block.id, { email: "bia@example.com", consent: "on" }, { ip: "198.51.100.2" })).status).toBe(303);
    await flushOutbox();
    const second = tokenOf(linkIn(smtp.current.received[0]!, "/inscricao/cancelar"));
    expect(second).not.toBe(token);
    expect(await db.unsubscribeLink.count({ where: { subscriber: { pageId } } })).toBe(2);
    expect((await openPage(`/inscricao/cancelar?token=${token}`)).html).toContain("<form");
    expect(await (await postJson(second)).json()).toEqual({ ok: true });
    expect(await (await postJson(token)).json()).toEqual({ ok: true, message: "Você já saiu desta lista" });
  });
});
