import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, KEYBOARD_USER, signInOrRegister } from "./users";

// Hostile input and hostile navigation, in Chromium against the production
// build: payloads stay text, no script runs, nothing leaves for another host;
// sign-in never sends anyone off the site. One account for the whole spec
// (sign-ups are scarce). Headers and body limits: headers-and-bodies.spec.ts.

const PAYLOAD = {
  name: "<img src=x onerror=alert(1)>",
  bio: '</p><script>alert("bio")</script><img src="https://evil.example/bio.png" onerror="alert(2)">',
  title: '"><svg onload=alert(3)><img src=//evil.example/t.png>',
  url: 'https://example.com/?q="><script>alert(4)</script>',
};

/** Fails the test on any dialog or any request to a host other than the app's. */
function watchForEscapes(page: Page) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const escapes: string[] = [];
  page.on("dialog", (dialog) => {
    escapes.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (["data:", "blob:"].includes(url.protocol)) return;
    if (url.origin !== origin) escapes.push(`request: ${req.url()}`);
  });
  return escapes;
}

async function seedHostileProfile(request: APIRequestContext) {
  await signInOrRegister(request, KEYBOARD_USER);
  const profile = (socials: Record<string, string>) =>
    request.put("/api/user/profile", { data: { ...KEYBOARD_USER, name: PAYLOAD.name, bio: PAYLOAD.bio, socials } });

  // What cannot be stored is refused, field by field.
  for (const handle of ['"><script>alert(5)</script>', "javascript:alert(1)", "a/../../evil", "<b>"]) {
    const res = await profile({ instagram: handle });
    expect(res.status(), `handle ${handle}`).toBe(400);
  }
  for (const url of [
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.example",
    "vbscript:msgbox(1)",
  ]) {
    const res = await request.post("/api/links", { data: { title: "x", url } });
    expect(res.status(), `url ${url}`).toBe(400);
  }
  for (const colour of ["#fff;background:url(https://evil.example/c.png)", 'red" onmouseover="alert(1)', "expression(alert(1))", "url(//evil.example)"]) {
    const res = await request.patch("/api/user", { data: { backgroundColor: colour } });
    expect(res.status(), `colour ${colour}`).toBe(400);
  }

  // What is accepted is stored as typed, and must come out as text.
  expect((await profile({ instagram: "ana.souza", tiktok: "ação_ü", whatsapp: "5511977771234" })).status()).toBe(200);
  const links = (await (await request.get("/api/links")).json()) as { id: string; title: string }[];
  let link = links.find((l) => l.title === PAYLOAD.title);
  if (!link) {
    const res = await request.post("/api/links", { data: { title: PAYLOAD.title, url: PAYLOAD.url } });
    expect(res.status()).toBe(201);
    link = await res.json();
  }
  expect((await request.patch("/api/user", { data: { backgroundColor: "#101820", fontColor: "#fef6e4" } })).status()).toBe(200);
  return link!;
}

test.describe("hostile input", () => {
  test.describe.configure({ timeout: 120_000 });

  test("XSS payloads stay text on the public page, the dashboard and the admin panel", async ({ page, browser }) => {
    const owner = await browser.newContext();
    const link = await seedHostileProfile(owner.request);
    const escapes = watchForEscapes(page);

    // The public page.
    await page.goto(`/${KEYBOARD_USER.username}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAYLOAD.name);
    await expect(page.getByText(PAYLOAD.bio)).toBeVisible();
    const button = page.locator(`a[data-link-id="${link.id}"]`);
    await expect(button).toHaveText(PAYLOAD.title);
    expect(await button.getAttribute("href")).toBe(new URL(PAYLOAD.url).href);
    await expect(page.locator('a[href="https://instagram.com/ana.souza"]')).toBeVisible();
    await expect(page.locator('script:not([src]):not([type="application/ld+json"])')).toHaveCount(1); // the counting script only
    // The schema.org data block holds the payload as data: it parses, and says exactly the name.
    const jsonLd = page.locator('script[type="application/ld+json"]');
    await expect(jsonLd).toHaveCount(1);
    expect(JSON.parse((await jsonLd.textContent()) ?? "").mainEntity.name).toBe(PAYLOAD.name);
    await expect(page.locator("img, svg[onload], [onerror]")).toHaveCount(0);

    // The owner's dashboard, its preview, the edit page.
    const ownerPage = await owner.newPage();
    const ownerEscapes = watchForEscapes(ownerPage);
    await ownerPage.goto("/dashboard");
    await expect(ownerPage.getByText(PAYLOAD.title).first()).toBeVisible();
    await expect(ownerPage.getByText(PAYLOAD.name).first()).toBeVisible();
    await ownerPage.goto(`/dashboard/edit/${link.id}`);
    await expect(ownerPage.getByLabel("Título")).toHaveValue(PAYLOAD.title);
    await ownerPage.goto("/settings");
    await expect(ownerPage.getByLabel("Bio")).toHaveValue(PAYLOAD.bio);
    await expect(ownerPage.getByLabel("Nome completo")).toHaveValue(PAYLOAD.name);
    await ownerPage.getByRole("button", { name: "Abrir menu da conta" }).click();
    await expect(ownerPage.getByRole("menu")).toContainText(PAYLOAD.name);
    await owner.close();

    // The administrator's lists and confirmation dialog.
    await signInOrRegister(page.request, ADMIN);
    for (const tab of ["pages", "users"]) {
      await page.goto(`/admin?tab=${tab}`);
      await page.getByRole("searchbox").fill(KEYBOARD_USER.username);
      await expect(page.getByText(PAYLOAD.name).filter({ visible: true }).first()).toBeVisible();
    }
    await page.goto("/admin?tab=pages");
    await page.getByRole("searchbox").fill(KEYBOARD_USER.username);
    // The filtered list has replaced the first one before a row's button is pressed.
    await expect(page.getByRole("button", { name: /^(Desativar|Ativar) @/ }).filter({ visible: true })).toHaveCount(1);
    await page
      .getByRole("button", { name: `Desativar @${KEYBOARD_USER.username}` })
      .filter({ visible: true })
      .click();
    await expect(page.getByRole("dialog", { name: "Desativar página?" })).toContainText(PAYLOAD.name);
    await page.keyboard.press("Escape");

    expect([...escapes, ...ownerEscapes]).toEqual([]);
  });

  test("sign-in never leaves the site: open-redirect attempts end on /dashboard", async ({ page, context }) => {
    await signInOrRegister(page.request, KEYBOARD_USER);
    const escapes = watchForEscapes(page);
    // Signed in already: the proxy and the login page send these to /dashboard.
    for (const target of ["//evil.example", "/.//evil.example", "https://evil.example"]) {
      await page.goto(`/login?callbackUrl=${encodeURIComponent(target)}`);
      await expect(page).toHaveURL((url) => url.pathname === "/dashboard");
      await page.goto(`/login?expired=1&callbackUrl=${encodeURIComponent(target)}`);
      await expect(page).toHaveURL((url) => url.pathname === "/dashboard");
    }
    // Signing in through the form.
    const attempts = [
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(document.domain)",
      "/.//evil.example",
      "/%2e%2e//evil.example/x",
      "http:evil.example",
      " //evil.example",
      "/\t/evil.example",
      "/login",
    ];
    for (const target of attempts) {
      await context.clearCookies();
      await page.goto(`/login?callbackUrl=${encodeURIComponent(target)}`);
      await page.getByLabel("E-mail").fill(KEYBOARD_USER.email);
      await page.getByLabel("Senha", { exact: true }).fill(KEYBOARD_USER.password);
      await page.getByRole("button", { name: "Entrar", exact: true }).click();
      await expect(page, `after ${JSON.stringify(target)}`).toHaveURL((url) => url.pathname === "/dashboard");
    }
    // A path of the site is kept.
    await context.clearCookies();
    await page.goto(`/login?callbackUrl=${encodeURIComponent("/settings")}`);
    await page.getByLabel("E-mail").fill(KEYBOARD_USER.email);
    await page.getByLabel("Senha", { exact: true }).fill(KEYBOARD_USER.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await page.waitForURL("**/settings");
    expect(escapes).toEqual([]);
  });
});
