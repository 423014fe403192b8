import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { PHONE, snap } from "./helpers";
import { latestMail, RESET_SUBJECT, verifyAddress } from "./mail";
import { registerViaApi, uniqueUser } from "./users";
import { linkIn } from "../helpers/mail";

// Sign-in, registration, the code step and password recovery with JavaScript
// turned off: each form is a POST that its route handler answers with a 303
// (lib/server/form-post.ts). Same pt-BR messages, same destinations, and no
// password, code or token ever in an address the browser went to.

test.use({ javaScriptEnabled: false });

/** Every address the page's frame went to during the test. */
function addressesOf(page: Page): string[] {
  const seen: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  return seen;
}

function expectNoSecretIn(addresses: string[], ...secrets: string[]) {
  for (const address of addresses) for (const secret of secrets) expect(address).not.toContain(encodeURIComponent(secret));
  for (const address of addresses) expect(address).not.toMatch(/password|senha=|code=/i);
}

test("registration without JavaScript: refused with the messages beside the fields, then signed up on /dashboard", async ({ page }) => {
  const u = uniqueUser();
  const addresses = addressesOf(page);
  await page.setViewportSize(PHONE);
  await page.goto("/register");
  await page.getByLabel("Nome completo").fill("Jo");
  await page.getByLabel("Nome de usuário").fill(u.username);
  await page.getByLabel("Telefone").fill(u.phoneDigits);
  await page.getByLabel("E-mail").fill(u.email);
  await page.getByLabel("Senha", { exact: true }).fill(u.password);
  await page.getByLabel("Confirme a senha").fill("outra-senha");
  await page.getByRole("button", { name: "Criar conta" }).click();

  await page.waitForURL("**/register?erro=1");
  await expect(page.getByRole("alert")).toContainText("Erro no cadastro");
  await expect(page.getByText("Nome deve ter pelo menos 3 caracteres")).toBeVisible();
  await expect(page.getByText("As senhas não coincidem")).toBeVisible();
  await expect(page.getByText("Você deve aceitar os termos e condições")).toBeVisible();
  // What was typed comes back, the passwords do not.
  await expect(page.getByLabel("E-mail")).toHaveValue(u.email);
  await expect(page.getByLabel("Nome de usuário")).toHaveValue(u.username);
  await expect(page.getByLabel("Senha", { exact: true })).toHaveValue("");
  await snap(page, "no-js-register-refused-375");

  await page.getByLabel("Nome completo").fill(u.name);
  await page.getByLabel("Senha", { exact: true }).fill(u.password);
  await page.getByLabel("Confirme a senha").fill(u.password);
  await page.getByLabel(/Li e aceito os/).check();
  await page.getByRole("button", { name: "Criar conta" }).click();
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expectNoSecretIn(addresses, u.password, "outra-senha");
});

test("sign-in without JavaScript: a wrong password is refused in pt-BR, the right one opens the callback", async ({ page, request }) => {
  const u = uniqueUser();
  await registerViaApi(request, u);
  const addresses = addressesOf(page);
  await page.setViewportSize(PHONE);
  await page.goto("/login?callbackUrl=%2Fsettings");
  await page.getByLabel("E-mail").fill(u.email);
  await page.getByLabel("Senha", { exact: true }).fill("senha-errada");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();

  await page.waitForURL(/\/login\?callbackUrl=%2Fsettings&erro=1$/);
  await expect(page.getByRole("alert")).toContainText("Erro no login");
  await expect(page.getByRole("alert")).toContainText("Email ou senha incorretos. Tente novamente.");
  await expect(page.getByLabel("E-mail")).toHaveValue(u.email);
  await snap(page, "no-js-login-refused-375");

  await page.getByLabel("Senha", { exact: true }).fill(u.password);
  await page.getByLabel("Lembrar de mim").check();
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.waitForURL("**/settings");
  const cookie = (await page.context().cookies()).find((c) => c.name === "authjs.session-token");
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(29 * 24 * 3600);
  expectNoSecretIn(addresses, u.password, "senha-errada");
});

/** An account with two-factor on, through the API as the 'Segurança' tab does; `code(steps)` is the app's code `steps` periods from now. */
async function accountWithTwoFactor(request: APIRequestContext) {
  const u = uniqueUser();
  await registerViaApi(request, u);
  expect((await request.post("/api/login", { data: { username: u.email, password: u.password } })).status()).toBe(200);
  const { secret } = (await (await request.post("/api/user/2fa/setup")).json()) as { secret: string };
  // A code is taken once: sign-in uses the next one.
  const code = (steps = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });
  const enabled = await request.post("/api/user/2fa/enable", { data: { code: code() } });
  expect(enabled.status()).toBe(200);
  const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
  await request.post("/api/logout", { data: {} });
  return { u, code, recoveryCodes };
}

/** The password step, JavaScript off, up to the code step. */
async function passwordToCodeStep(page: Page, u: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(u.email);
  await page.getByLabel("Senha", { exact: true }).fill(u.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.waitForURL("**/login?etapa=codigo");
}

test("the code step without JavaScript: password, then a wrong code refused, then the right one", async ({ page, request }) => {
  const { u, code } = await accountWithTwoFactor(request);
  const addresses = addressesOf(page);
  await passwordToCodeStep(page, u);
  await expect(page.getByRole("heading", { name: "Verificação em duas etapas" })).toBeVisible();

  const wrong = [code(-1), code(), code(1)].includes("000000") ? "111111" : "000000";
  await page.getByLabel("Código de verificação").fill(wrong);
  await page.getByRole("button", { name: "Verificar" }).click();
  await page.waitForURL("**/login?etapa=codigo&erro=1");
  await expect(page.getByText("Código inválido")).toBeVisible();

  await page.getByLabel("Código de verificação").fill(code(1));
  await page.getByRole("button", { name: "Verificar" }).click();
  await page.waitForURL("**/dashboard");
  expectNoSecretIn(addresses, u.password, wrong);
});

test("the code step without JavaScript, with a recovery code: the switch is a link, a wrong code keeps the recovery field", async ({ page, request }) => {
  const { u, recoveryCodes } = await accountWithTwoFactor(request);
  const addresses = addressesOf(page);
  await passwordToCodeStep(page, u);

  await page.getByRole("link", { name: "Usar um código de recuperação" }).click();
  await page.waitForURL("**/login?etapa=codigo&recuperacao=1");
  await page.getByLabel("Código de recuperação").fill("aaaaa-bbbbb");
  await page.getByRole("button", { name: "Verificar" }).click();
  await page.waitForURL("**/login?etapa=codigo&recuperacao=1&erro=1");
  await expect(page.getByText("Código inválido")).toBeVisible();

  await page.getByLabel("Código de recuperação").fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Verificar" }).click();
  await page.waitForURL("**/dashboard");
  expectNoSecretIn(addresses, u.password, "aaaaa-bbbbb", recoveryCodes[0]!);
});

test("password recovery without JavaScript: the link is sent, the new password saved, the old one refused", async ({ page, request }) => {
  const u = uniqueUser();
  await registerViaApi(request, u);
  await page.setViewportSize(PHONE);
  await page.goto("/forgot-password");
  await page.getByLabel("E-mail").fill(u.email);
  await page.getByRole("button", { name: "Enviar link" }).click();
  await page.waitForURL("**/forgot-password?enviado=1");
  await expect(page.getByRole("heading", { name: "Verifique seu e-mail" })).toBeVisible();
  await snap(page, "no-js-forgot-sent-375");

  const link = new URL(linkIn(await latestMail(u.email, RESET_SUBJECT), "/reset-password"));
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel("Nova senha", { exact: true }).fill("curta");
  await page.getByLabel("Confirme a nova senha", { exact: true }).fill("curta");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByText("A senha deve ter pelo menos 8 caracteres")).toBeVisible();

  await page.getByLabel("Nova senha", { exact: true }).fill("minha-senha-nova");
  await page.getByLabel("Confirme a nova senha", { exact: true }).fill("minha-senha-nova");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await page.waitForURL("**/reset-password?concluido=1");
  await expect(page.getByRole("heading", { name: "Senha redefinida" })).toBeVisible();

  // The link works once.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel("Nova senha", { exact: true }).fill("outra-senha-nova");
  await page.getByLabel("Confirme a nova senha", { exact: true }).fill("outra-senha-nova");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByRole("heading", { name: "Link inválido ou expirado" })).toBeVisible();

  await page.goto("/login");
  await page.getByLabel("E-mail").fill(u.email);
  await page.getByLabel("Senha", { exact: true }).fill(u.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("Email ou senha incorretos. Tente novamente.");
  await page.getByLabel("Senha", { exact: true }).fill("minha-senha-nova");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await page.waitForURL("**/dashboard");
});

test("the report form works without JavaScript: refused, it comes back with its message and what was typed; sent, it says so; nothing typed goes into an address", async ({
  page,
  request,
}) => {
  const u = uniqueUser();
  await registerViaApi(request, u);
  const addresses = addressesOf(page);
  const posts: string[] = [];
  page.on("request", (r) => r.isNavigationRequest() && r.method() === "POST" && posts.push(new URL(r.url()).pathname));
  await page.goto(`/denunciar/${u.username}`);
  await page.getByLabel("Detalhes (opcional)").fill("detalhes-fora-do-endereco");
  // No reason chosen: the server's schema refuses it.
  await page.getByRole("button", { name: "Enviar denúncia" }).click();
  await expect(page.getByText("Escolha um motivo")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/denunciar/${u.username}\\?erro=1$`));
  await expect(page.getByLabel("Detalhes (opcional)")).toHaveValue("detalhes-fora-do-endereco");
  await page.getByLabel("Golpe ou fraude").check();
  await page.getByRole("button", { name: "Enviar denúncia" }).click();
  await expect(page.getByRole("heading", { name: "Denúncia enviada" })).toBeVisible();
  await expect(page.getByRole("link", { name: `Voltar para @${u.username}` })).toHaveAttribute("href", `/${u.username}`);
  expect(posts).toEqual(["/api/reports", "/api/reports"]);
  expect([...new Set(addresses.map((a) => new URL(a).search))].sort()).toEqual(["", "?enviada=1", "?erro=1"]);
  expectNoSecretIn(addresses, "detalhes-fora-do-endereco");
});

test("an invitation accepted without JavaScript: the code the e-mail writes out pasted into /invite's form, a wrong one refused in pt-BR, then the page's dashboard", async ({
  page,
  request,
}) => {
  const owner = uniqueUser();
  const invited = uniqueUser();
  await registerViaApi(request, owner);
  await registerViaApi(request, invited);
  await verifyAddress(request, invited.email);
  // The owner invites (the API, as 'Equipe' does); the invited person is signed in in the browser.
  expect((await request.post("/api/login", { data: { username: owner.email, password: owner.password } })).status()).toBe(200);
  const [own] = (await (await request.get("/api/pages")).json()) as { id: string }[];
  expect((await request.post(`/api/pages/${own!.id}/members`, { data: { email: invited.email, role: "editor" } })).status()).toBe(201);
  const mail = await latestMail(invited.email, `Convite para administrar @${owner.username} no Vitrine`);
  const token = decodeURIComponent(/\/invite#([^\s"<>]+)/.exec(mail.text)![1]!);
  expect(mail.text).toContain(`cole o código do convite: ${token}`);
  expect((await page.request.post("/api/login", { data: { username: invited.email, password: invited.password } })).status()).toBe(200);

  const addresses = addressesOf(page);
  await page.setViewportSize(PHONE);
  await page.goto(`/invite#${encodeURIComponent(token)}`);
  // The page cannot read what follows '#' without JavaScript: its form asks for the code.
  await expect(page.getByRole("heading", { name: "Convite para uma página" })).toBeVisible();
  await page.getByLabel("Código do convite").fill("codigo-que-nao-existe");
  await page.getByRole("button", { name: "Aceitar convite" }).click();
  await page.waitForURL("**/invite?erro=1");
  await expect(page.getByText("Link inválido ou expirado")).toBeVisible();
  await snap(page, "no-js-invite-refused-375");

  await page.getByLabel("Código do convite").fill(` ${token} `);
  await page.getByRole("button", { name: "Aceitar convite" }).click();
  await page.waitForURL(`**/dashboard?page=${owner.username}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The token was only ever after '#' of the e-mail's own link, never in an address the browser asked a server for.
  expectNoSecretIn(addresses.slice(1), token, "codigo-que-nao-existe");
});
