import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { PHONE, snap } from "./helpers";
import { coverImage } from "./fixtures";
import { signUpAndIn } from "./session";

const PERSON_UA =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 Instagram 339.0.0.12.93";

async function seedProfile(page: Page, look: Record<string, string | number>, cover?: Buffer) {
  const u = await signUpAndIn(page);
  await page.request.put("/api/user/profile", {
    data: {
      name: "Ana Souza",
      username: u.username,
      email: u.email,
      phone: u.phone,
      bio: "Criadora de conteúdo em São Paulo. Receitas, viagens e achadinhos.",
      socials: { instagram: "ana.souza", youtube: "anasouza", whatsapp: "5511987654321" },
    },
  });
  const links = [];
  for (const [title, url] of [
    ["Minha loja", "https://loja.example.com/"],
    ["Último vídeo", "https://youtube.com/watch?v=abc"],
    ["Fale comigo no WhatsApp", "https://wa.me/5511987654321"],
  ]) {
    links.push(await (await page.request.post("/api/links", { data: { title, url } })).json());
  }
  const form: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = { aspectRatio: "9:16" };
  for (const [k, v] of Object.entries(look)) form[k] = String(v);
  if (cover) form.cover = { name: "capa.jpg", mimeType: "image/jpeg", buffer: cover };
  const res = await page.request.post("/api/user/cover", { multipart: form });
  expect(res.status()).toBe(200);
  return { u, links };
}

test.describe("public profile", () => {
  test("a visitor opens the page, clicks a link in a new tab, and the owner sees views and clicks rise", async ({ page, browser }) => {
    const { u, links } = await seedProfile(page, { backgroundColor: "#111827", fontColor: "#ffffff", linkButtonColor: "#000000", linkButtonOpacity: 80 });
    await page.goto("/dashboard");
    await expect(page.getByTestId("stat-views")).toHaveText("0");

    const visitor = await browser.newContext({ userAgent: PERSON_UA, viewport: PHONE });
    await visitor.route("https://loja.example.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>Loja</title>loja" }));
    const v = await visitor.newPage();
    const res = await v.goto(`/${u.username}`);
    expect(res?.status()).toBe(200);
    await expect(v.getByRole("heading", { name: "Ana Souza" })).toBeVisible();
    await expect(v.getByRole("link", { name: "Instagram" })).toHaveAttribute("href", "https://instagram.com/ana.souza");
    // No framework JavaScript on the page.
    expect(await v.locator("script[src]").count()).toBe(0);
    const first = v.getByRole("link", { name: "Minha loja" });
    await expect(first).toHaveAttribute("target", "_blank");
    await expect(first).toHaveAttribute("rel", "noopener noreferrer");
    // Dark buttons carry white text (luminance rule).
    expect(await first.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(255, 255, 255)");
    const [tab] = await Promise.all([visitor.waitForEvent("page"), first.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(links[0].url);

    const a11y = await new AxeBuilder({ page: v }).analyze();
    expect(a11y.violations.map((x) => `${x.id}: ${x.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await visitor.close();

    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("stat-views")).toHaveText("1", { timeout: 1_000 });
      await expect(page.getByTestId("stat-clicks")).toHaveText("1", { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByTestId("link-clicks").first()).toHaveText("1 clique");
  });

  test("at 375 px with a cover in each fit, and three different styles", async ({ page }) => {
    await page.setViewportSize(PHONE);
    const { u } = await seedProfile(
      page,
      { backgroundColor: "#fdf2f8", fontColor: "#831843", linkButtonColor: "#ec4899", linkButtonOpacity: 90, imageOpacity: 35 },
      await coverImage(),
    );
    for (const fit of ["cover", "contain", "center", "top", "bottom"]) {
      expect((await page.request.patch("/api/user", { data: { imagePosition: fit } })).status()).toBe(200);
      await page.goto(`/${u.username}`);
      const img = page.getByRole("img", { name: "Capa do perfil" });
      await expect(img).toBeVisible();
      const style = await img.evaluate((el) => ({
        fit: getComputedStyle(el).objectFit,
        position: getComputedStyle(el).objectPosition,
        opacity: getComputedStyle(el).opacity,
      }));
      expect(style.fit).toBe(fit === "contain" ? "contain" : "cover");
      expect(style.opacity).toBe("0.35");
      if (fit === "top") expect(style.position).toMatch(/^50% 0%|top/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      if (fit === "cover") await snap(page, "public-pink-cover-375");
    }
    await page.request.patch("/api/user", { data: { backgroundColor: "#0f172a", fontColor: "#f8fafc", imagePosition: "cover" } });
    await page.request.post("/api/user/cover", { multipart: { linkButtonColor: "#1e293b", linkButtonOpacity: "100", imageOpacity: "20" } });
    await page.goto(`/${u.username}`);
    await snap(page, "public-dark-375");
    await page.request.post("/api/user/cover/remove", { data: {} });
    await page.request.post("/api/user/cover", {
      multipart: { backgroundColor: "#ffffff", fontColor: "#000000", linkButtonColor: "#10b981", linkButtonOpacity: "50" },
    });
    await page.goto(`/${u.username}`);
    await expect(page.getByRole("img", { name: "Capa do perfil" })).toHaveCount(0);
    await snap(page, "public-green-375");
  });

  test("an unknown name answers 404 with the not-found view", async ({ page }) => {
    const res = await page.goto("/ninguem_aqui_123");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Perfil não encontrado" })).toBeVisible();
    await expect(page.getByText("Este perfil não existe ou foi removido.")).toBeVisible();
  });
});
