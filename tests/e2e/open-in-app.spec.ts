import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { IN_APP_ANDROID, IN_APP_IOS, ORDINARY } from "@/tests/helpers/user-agents";
import { DESKTOP, PHONE, snap } from "./helpers";
import { signUpAndIn } from "./session";

// Open in the app (issue #40), at 375 px: inside a built-in browser the public
// page offers 'Abrir no navegador' (Android: an intent: address of the page;
// iOS: a sentence), drawn by the page's script; an ordinary browser sees no
// offer. The short link answers Android's built-in browser with the app's
// intent: address, and the owner's insights show that click under Instagram
// and among the 'Cliques abertos no app' (issue #46).

const VIDEO = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
const VIDEO_INTENT =
  "intent://www.youtube.com/watch?v=dQw4w9WgXcQ#Intent;scheme=https;package=com.google.android.youtube;S.browser_fallback_url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DdQw4w9WgXcQ;end";
const INSTAGRAM_ANDROID = IN_APP_ANDROID["Instagram (Android)"]!;
const INSTAGRAM_IOS = IN_APP_IOS["Instagram (iOS)"]!;
const CHROME_ANDROID = ORDINARY["Chrome (Android)"]!;

async function expectNoViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(", ")}`,
  );
  expect(found, `axe violations on ${label}`).toEqual([]);
}

/** An owner (in a context of their own) with a YouTube link that opens the app and a shop link. */
async function owner(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const u = await signUpAndIn(page);
  const video = await page.request.post("/api/links", { data: { title: "Meu canal", url: VIDEO } });
  expect(video.status()).toBe(201);
  const link = (await video.json()) as { id: string; openInApp: boolean };
  // On by default for a YouTube address (defaultOpenInApp).
  expect(link.openInApp).toBe(true);
  expect((await page.request.post("/api/links", { data: { title: "Minha loja", url: "https://loja.example.com/" } })).status()).toBe(201);
  return { u, page, context, videoId: link.id };
}

const offer = (page: Page) => page.getByRole("complementary", { name: "Abrir no navegador" });

test.describe("inside Instagram's browser on Android", () => {
  test.use({ userAgent: INSTAGRAM_ANDROID, viewport: PHONE });

  test("the page offers 'Abrir no navegador' with the page's intent: address; the short link opens the app, the click keeps its source and counts as opened in the app", async ({
    page,
    browser,
  }) => {
    const o = await owner(browser);
    await page.goto(`/${o.u.username}`);
    await expect(offer(page)).toBeVisible();
    const link = offer(page).getByRole("link", { name: "Abrir no navegador" });
    const here = new URL(page.url());
    await expect(link).toHaveAttribute("href", `intent://${here.host}${here.pathname}${here.search}#Intent;scheme=${here.protocol.replace(":", "")};end`);
    // At the top of the page, the first stop of the keyboard, with a visible focus ring.
    await page.keyboard.press("Tab");
    await expect(link).toBeFocused();
    expect(await link.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
    const box = (await offer(page).boundingBox())!;
    expect(box.y).toBe(0);
    expect(box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await snap(page, "open-in-app-android-offer");
    await expectNoViolations(page, "the public page in Instagram's browser on Android at 375 px");

    // The YouTube link goes through its short link, which answers this browser with the app's address.
    const card = page.getByRole("link", { name: /Meu canal/ });
    await expect(card).toHaveAttribute("href", new RegExp(`/${o.u.username}/${o.videoId}$`));
    const short = await page.request.get(`/${o.u.username}/${o.videoId}`, { maxRedirects: 0, headers: { "user-agent": INSTAGRAM_ANDROID } });
    expect(short.status()).toBe(302);
    expect(short.headers()["location"]).toBe(VIDEO_INTENT);
    // The shop link is not a supported app's: the page links to it directly, never rewritten.
    await expect(page.getByRole("link", { name: /Minha loja/ })).toHaveAttribute("href", "https://loja.example.com/");

    // The owner sees the click under Instagram, and counted as opened in the app beside the clicks.
    await o.page.goto("/dashboard/stats");
    const sources = o.page.getByTestId("sources");
    await expect(sources.getByRole("listitem").filter({ hasText: "Instagram" })).toContainText("1 clique");
    await expect(sources.getByText("Aberto no app")).toHaveCount(0);
    await expect(o.page.getByTestId("stat-clicks")).toHaveText("1");
    await expect(o.page.getByTestId("stat-sent-to-app")).toHaveText("1");
    await expect(o.page.getByText("Cliques abertos no app")).toBeVisible();
    await snap(o.page, "open-in-app-insights");
    await o.context.close();
  });
});

test.describe("inside Instagram's browser on iOS", () => {
  test.use({ userAgent: INSTAGRAM_IOS, viewport: PHONE });

  test("the page says how to open it in the browser; the short link gives the web address", async ({ page, browser }) => {
    const o = await owner(browser);
    await page.goto(`/${o.u.username}`);
    await expect(offer(page)).toHaveText("Para abrir no navegador, toque em ⋯ e escolha Abrir no navegador.");
    await expect(offer(page).getByRole("link")).toHaveCount(0);
    await snap(page, "open-in-app-ios-offer");
    await expectNoViolations(page, "the public page in Instagram's browser on iOS at 375 px");
    const short = await page.request.get(`/${o.u.username}/${o.videoId}`, { maxRedirects: 0, headers: { "user-agent": INSTAGRAM_IOS } });
    expect(short.status()).toBe(302);
    expect(short.headers()["location"]).toBe(VIDEO);
    await o.context.close();
  });
});

test.describe("in an ordinary browser", () => {
  test.use({ userAgent: CHROME_ANDROID, viewport: PHONE });

  test("no offer, the page as always; the short link gives the web address", async ({ page, browser }) => {
    const o = await owner(browser);
    await page.goto(`/${o.u.username}`);
    await expect(page.getByRole("link", { name: /Meu canal/ })).toBeVisible();
    await expect(page.locator("aside")).toHaveCount(0);
    await expect(page.getByText("Abrir no navegador")).toHaveCount(0);
    await snap(page, "open-in-app-ordinary");
    await expectNoViolations(page, "the public page in Chrome on Android at 375 px");
    const short = await page.request.get(`/${o.u.username}/${o.videoId}`, { maxRedirects: 0, headers: { "user-agent": CHROME_ANDROID } });
    expect(short.status()).toBe(302);
    expect(short.headers()["location"]).toBe(VIDEO);
    await page.setViewportSize(DESKTOP);
    await expect(page.locator("aside")).toHaveCount(0);
    await o.context.close();
  });
});
