import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { linkIn, tokenOf, type ReceivedMail } from "../helpers/mail";
import { startAgedServer, type AgedServer } from "./aged-server";
import { PHONE, snap } from "./helpers";
import { latestMail, VERIFY_SUBJECT, verifyAddress } from "./mail";
import { registerViaApi, uniqueUser } from "./users";

// 'Escrever para a lista' (api.md, Write to your list) at 375 px, as an owner
// uses it: write with the toolbar, preview the message as the server draws
// it, send a test to oneself and read it as received (its HTML drawn by
// Chromium at a phone's width), keep a draft, schedule and send (a new page's
// list may not receive yet: the server's own refusal, on screen; a list
// allowed to receive is the second journey's, on a server of its own whose
// page is moved 8 days back: tests/e2e/aged-server.ts). axe (WCAG 2.2 AA,
// target size on) on the composer, its preview and the history.

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe on the app's screens (WCAG 2.2 AA and its best practices, target size
 * on); on a message, WCAG's rules only (landmarks and a page heading are a
 * web page's, not an e-mail's).
 */
async function axeClean(page: Page, label: string, only: "screen" | "message" = "screen") {
  // The preview's frame is sandboxed (no script runs in it, axe's neither): the message it shows is checked as received, below.
  const { violations } = await new AxeBuilder({ page })
    .exclude('[data-testid="broadcast-preview"]')
    .options({ ...(only === "message" ? { runOnly: { type: "tag", values: WCAG } } : {}), rules: { "target-size": { enabled: true } } })
    .analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(found, `axe on ${label}`).toEqual([]);
}

async function signIn(request: APIRequestContext, email: string, password: string) {
  const res = await request.post("/api/login", { data: { username: email, password } });
  expect(res.status()).toBe(200);
}

/** The HTML part of a raw message (quoted-printable or base64), as a mail app reads it. */
function htmlPart(raw: string): string {
  const part =
    /Content-Type: text\/html[^\n]*\r?\n(?:[^\r\n]+\r?\n)*?Content-Transfer-Encoding: ([\w-]+)\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?=\r?\n--)/i.exec(raw);
  if (!part) throw new Error("the message has no HTML part");
  const [, encoding, body] = part;
  if (encoding!.toLowerCase() === "base64") return Buffer.from(body!.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding!.toLowerCase() !== "quoted-printable") return body!;
  const joined = body!.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

test("compose with the toolbar, preview, test to oneself and read it at 375 px, keep a draft; a young list's schedule and send refused with the server's words", async ({
  page,
}) => {
  const owner = uniqueUser();
  await registerViaApi(page.request, owner);
  await verifyAddress(page.request, owner.email);
  await page.setViewportSize(PHONE);
  await signIn(page.request, owner.email, owner.password);

  // From 'Inscritos' to the composer.
  await page.goto("/dashboard/subscribers");
  await page.getByRole("link", { name: "Escrever para a lista" }).click();
  await page.waitForURL("**/dashboard/broadcasts**");
  await expect(page.getByRole("heading", { name: "Escrever para a lista", level: 1 })).toBeVisible();
  await expect(page.getByText("Nenhum envio ainda. Escreva a primeira mensagem acima.")).toBeVisible();
  await axeClean(page, "the composer at 375 px");

  // The schema's own words for an empty message, on their fields.
  await page.getByRole("button", { name: "Salvar rascunho" }).click();
  await expect(page.getByText("Informe o assunto")).toBeVisible();
  await expect(page.getByLabel("Assunto")).toHaveAttribute("aria-invalid", "true");

  // Write, by keyboard and the toolbar: a bold word, a link, a list.
  await page.getByLabel("Assunto").fill("Novidades de dezembro");
  const body = page.getByLabel("Mensagem", { exact: true });
  await body.fill("Oi, pessoal! Chegou a loja nova.");
  await body.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(22, 26));
  await page.getByRole("button", { name: "Negrito" }).click();
  await expect(body).toHaveValue("Oi, pessoal! Chegou a **loja** nova.");
  await body.press("End");
  await body.pressSequentially("\n\nVeja ");
  await page.getByRole("button", { name: "Link" }).click();
  // The address is selected, to be typed over.
  await expect.poll(() => body.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd))).toBe("https://");
  await page.keyboard.type("https://loja.example.com/natal");
  await body.press("End");
  await body.pressSequentially("\n\nbrincos\ncolares");
  await body.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.lastIndexOf("brincos"), el.value.length));
  await page.getByRole("button", { name: "Lista" }).click();
  await expect(body).toHaveValue("Oi, pessoal! Chegou a **loja** nova.\n\nVeja [texto do link](https://loja.example.com/natal)\n\n- brincos\n- colares");

  // The preview: the message as the server draws it, in a frame at a phone's width.
  await page.getByRole("button", { name: "Pré-visualizar" }).click();
  const frame = page.frameLocator('iframe[title="Pré-visualização de “Novidades de dezembro”"]');
  await expect(frame.locator("strong")).toHaveText("loja");
  await expect(frame.getByRole("link", { name: "texto do link" })).toHaveAttribute("href", "https://loja.example.com/natal");
  await expect(frame.getByRole("listitem")).toHaveText(["brincos", "colares"]);
  await expect(frame.getByText("Cancelar inscrição")).toBeVisible();
  await expect(page.getByTestId("broadcast-recipients")).toHaveText("0 inscritos confirmados vão receber.");
  await snap(page, "broadcast-preview-375");
  await axeClean(page, "the composer with its preview at 375 px");

  // 'Enviar teste' saves the draft and writes to the owner's own address.
  await page.getByRole("button", { name: "Enviar teste" }).click();
  await expect(page.getByText("Teste enviado para o seu e-mail", { exact: true })).toBeVisible();
  const mail = await latestMail(owner.email, "[Teste] Novidades de dezembro");
  expect(mail.text).toContain("texto do link (");
  expect(mail.text).toContain("Para sair da lista");
  // The message as a phone's mail app draws it.
  const received = await page.context().newPage();
  await received.setViewportSize(PHONE);
  await received.setContent(htmlPart(mail.raw));
  await expect(received.locator("strong")).toHaveText("loja");
  await expect(received.getByText("Cancelar inscrição")).toBeVisible();
  expect(await received.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snap(received, "broadcast-received-375");
  await axeClean(received, "the message as received at 375 px", "message");
  await received.close();

  // The draft is in the history; edited, it keeps its place.
  const row = page.getByTestId("broadcast");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Rascunho");
  await page.getByLabel("Assunto").fill("Novidades de dezembro!");
  await page.getByRole("button", { name: "Salvar rascunho" }).click();
  await expect(page.getByText("Rascunho salvo", { exact: true })).toBeVisible();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Novidades de dezembro!");

  // A page a few minutes old may not write to its list yet: the server says so, and nothing leaves.
  const when = new Date(Date.now() + 3 * 24 * 60 * 60_000).toLocaleString("sv-SE", { timeZone: "America/Sao_Paulo" }).slice(0, 16).replace(" ", "T");
  await page.getByLabel("Data e hora do envio (horário de Brasília)").fill(when);
  await page.getByRole("button", { name: "Agendar" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Sua lista ainda não pode receber envios" })).toBeVisible();
  await page.getByRole("button", { name: "Enviar agora" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("A mensagem vai para 0 inscritos confirmados.");
  await axeClean(page, "the send confirmation at 375 px");
  await dialog.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: "Sua lista ainda não pode receber envios" })).toBeVisible();
  await expect(row).toContainText("Rascunho");
  await snap(page, "broadcast-history-375");
  await axeClean(page, "the history at 375 px");
});

/** The messages to `to` with `subject` once the server has written `count` of them (the jobs run meanwhile under next start). */
async function mailsTo(server: AgedServer, to: string, subject: string, count = 1): Promise<ReceivedMail[]> {
  const of = () => server.messages().filter((m) => m.to.some((t) => t.includes(to)) && m.subject === subject);
  await expect
    .poll(
      async () => {
        await server.runJobs();
        return of().length;
      },
      // 'Enviar agora' hands the first minute's messages right after its response (lib/broadcasts/broadcast-jobs.ts),
      // not at the jobs' next minute: on npm start, where no one calls the jobs here, a minute's wait fails this.
      { timeout: 30_000, message: `${count} message(s) "${subject}" to ${to}` },
    )
    .toBeGreaterThanOrEqual(count);
  return of();
}

test("a list allowed to receive: compose, preview, test, schedule, then send now to its 10 confirmed subscribers; each gets exactly one, the pending one none; read as received at 375 px; the history's figures", async ({
  browser,
}) => {
  // A server of the leg's runtime on its own database: two starts (tests/e2e/aged-server.ts).
  test.setTimeout(480_000);
  const server = await startAgedServer();
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE });
  try {
    const page = await context.newPage();
    const owner = uniqueUser();
    await registerViaApi(page.request, owner);
    const [verify] = await mailsTo(server, owner.email, VERIFY_SUBJECT);
    expect((await page.request.post("/api/auth/verify-email", { data: { token: tokenOf(linkIn(verify!, "/verify-email")) } })).status()).toBe(200);
    await signIn(page.request, owner.email, owner.password);

    // A sign-up form on the page; eleven visitors sign up with the page's own form (no JavaScript), ten confirm from their e-mail.
    const block = await page.request.post(`/api/links?page=${owner.username}`, {
      data: { kind: "subscribe", title: "Lista VIP", subscribe: { whatsapp: false, consent: "" } },
    });
    expect(block.status()).toBe(201);
    const blockId = ((await block.json()) as { id: string }).id;
    const visitors = Array.from({ length: 11 }, (_, i) => `leitor${i + 1}.${owner.username}@ex.com`);
    for (const [i, email] of visitors.entries()) {
      const res = await page.request.post(`/api/subscribe/${blockId}`, {
        form: { email, consent: "on" },
        headers: { origin: server.baseURL, "x-forwarded-for": `198.51.100.${i + 10}` },
        maxRedirects: 0,
      });
      expect(res.status(), email).toBe(303);
    }
    const confirmed = visitors.slice(0, 10);
    const pending = visitors[10]!;
    for (const email of confirmed) {
      const [mail] = await mailsTo(server, email, `Confirme sua inscrição em ${owner.name}`);
      const res = await page.request.post("/api/subscribe/confirm", { data: { token: tokenOf(linkIn(mail!, "/inscricao/confirmar")) } });
      expect(res.status(), email).toBe(200);
    }
    await mailsTo(server, pending, `Confirme sua inscrição em ${owner.name}`);

    // Eight days pass (the server stopped meanwhile; the only change not made through the app).
    await server.agePage(owner.username, 8);

    // The composer: write, preview (ten will receive), a test to oneself.
    await page.goto("/dashboard/broadcasts");
    await expect(page.getByRole("heading", { name: "Escrever para a lista", level: 1 })).toBeVisible();
    await page.getByLabel("Assunto").fill("Feira de sábado");
    await page.getByLabel("Mensagem", { exact: true }).fill("Sábado tem feira na praça, das 9h às 14h.");
    await page.getByRole("button", { name: "Pré-visualizar" }).click();
    await expect(page.getByTestId("broadcast-recipients")).toHaveText("10 inscritos confirmados vão receber.");
    await page.getByRole("button", { name: "Enviar teste" }).click();
    await expect(page.getByText("Teste enviado para o seu e-mail", { exact: true })).toBeVisible();
    await mailsTo(server, owner.email, "[Teste] Feira de sábado");

    // 'Agendar': three days from now, São Paulo time; it waits in the history.
    const when = new Date(Date.now() + 3 * 24 * 60 * 60_000).toLocaleString("sv-SE", { timeZone: "America/Sao_Paulo" }).slice(0, 16).replace(" ", "T");
    await page.getByLabel("Data e hora do envio (horário de Brasília)").fill(when);
    await page.getByRole("button", { name: "Agendar" }).click();
    await expect(page.getByText(/^Envio agendado para /).first()).toBeVisible();
    const scheduled = page.getByTestId("broadcast").filter({ hasText: "Feira de sábado" });
    await expect(scheduled.getByTestId("broadcast-status")).toHaveText("Agendado");
    await expect(scheduled).toContainText("Agendado para");

    // Another message, sent now: its confirmation names the ten.
    await page.getByLabel("Assunto").fill("Chegou a loja de Natal");
    const body = "Oi! A **loja de Natal** abriu hoje.\n\nVeja [a vitrine](https://loja.example.com/natal):\n\n- brincos\n- colares";
    await page.getByLabel("Mensagem", { exact: true }).fill(body);
    await page.getByRole("button", { name: "Enviar agora" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("A mensagem vai para 10 inscritos confirmados.");
    await axeClean(page, "the send confirmation of a list of ten at 375 px");
    await dialog.getByRole("button", { name: "Enviar", exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("Envio iniciado", { exact: true })).toBeVisible();

    // As received: each confirmed subscriber exactly one, the pending one none, nobody the scheduled one.
    const subject = "Chegou a loja de Natal";
    const received = new Map<string, ReceivedMail[]>();
    for (const email of confirmed) received.set(email, await mailsTo(server, email, subject));
    await server.runJobs();
    await page.waitForTimeout(1_000);
    for (const email of confirmed) {
      const mine = server.messages().filter((m) => m.to.some((t) => t.includes(email)) && m.subject === subject);
      expect(mine.length, email).toBe(1);
    }
    expect(server.messages().filter((m) => m.subject === subject)).toHaveLength(10);
    expect(server.messages().filter((m) => m.to.some((t) => t.includes(pending)) && m.subject !== `Confirme sua inscrição em ${owner.name}`)).toEqual([]);
    expect(server.messages().filter((m) => m.subject === "Feira de sábado")).toEqual([]);
    const mail = received.get(confirmed[0]!)![0]!;
    // Its own way out (RFC 8058), in its headers as in its footer.
    expect(mail.raw).toMatch(/^List-Unsubscribe:\s*<http/m);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post:\s*List-Unsubscribe=One-Click/m);
    expect(mail.text).toContain("Para sair da lista");

    // Its HTML, as a phone's mail app draws it.
    const phone = await context.newPage();
    await phone.setViewportSize(PHONE);
    await phone.setContent(htmlPart(mail.raw));
    await expect(phone.locator("strong")).toHaveText("loja de Natal");
    await expect(phone.getByRole("listitem")).toHaveText(["brincos", "colares"]);
    await expect(phone.getByText("Cancelar inscrição")).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await snap(phone, "broadcast-sent-received-375");
    await axeClean(phone, "a subscriber's message as received at 375 px", "message");
    await phone.close();

    // The history: sent, with its figures (recipients, sent, failed, unsubscribed, clicks).
    const sent = page.getByTestId("broadcast").filter({ hasText: subject });
    await expect
      .poll(
        async () => {
          await server.runJobs();
          await page.reload();
          return sent.getByTestId("broadcast-status").textContent();
        },
        // Finished by its job, the minute after the last message on a long-lived host.
        { timeout: 150_000, intervals: [2_000, 5_000] },
      )
      .toBe("Enviado");
    await expect(sent.locator("dd")).toHaveText(["10", "10", "0", "0", "0"]);
    await expect(scheduled.getByTestId("broadcast-status")).toHaveText("Agendado");
    await snap(page, "broadcast-sent-history-375");
    await axeClean(page, "the history with a sent broadcast at 375 px");
  } finally {
    await context.close();
    await server.stop();
  }
});
