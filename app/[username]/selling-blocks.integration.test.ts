import { randomBytes } from "node:crypto";
import { GET as page } from "./route";
import { GET as profileJson } from "@/app/api/profiles/[username]/route";
import { clearProfileCache } from "@/lib/profile-cache/profile-cache";
import { storeAccount } from "@/lib/selling/payment-account";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";

// The public page and its JSON with a product and a tip (api.md, Selling with
// Pix): the price as Brazilians read it, 'Comprar' to the checkout, the tip's
// amounts; 'Esgotado' once every unit is held by a pending or paid order;
// 'Venda pausada' while the page is not connected or selling is off; and never
// the product's address nor anything of its file.

const SELLING = ["MERCADOPAGO_CLIENT_ID", "MERCADOPAGO_CLIENT_SECRET", "MERCADOPAGO_WEBHOOK_SECRET"] as const;
const saved = Object.fromEntries(SELLING.map((name) => [name, process.env[name]]));

function sellingOn(on: boolean) {
  for (const name of SELLING) {
    if (on) process.env[name] = `teste-${name.toLowerCase()}`;
    else delete process.env[name];
  }
  resetEnvCache();
}

beforeEach(() => sellingOn(true));
afterAll(() => {
  for (const name of SELLING) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetEnvCache();
});

const SECRET_URL = "https://curso.exemplo.com/turma-secreta-8f3a";
const STORAGE_KEY = randomBytes(32).toString("hex");

async function shop(username: string, { connected = true, stock = 2 }: { connected?: boolean; stock?: number } = {}) {
  const { user } = await signedInUser({ username, name: "Ana Souza" });
  const ebook = await db.link.create({
    data: {
      pageId: user.id,
      kind: "product",
      title: "E-book de receitas",
      url: "",
      order: 0,
      thumbnailUrl: `/uploads/thumbnail-${"c".repeat(32)}.webp`,
      data: { description: "40 receitas de família", priceCents: 2990, delivery: "file", url: null, stock },
    },
  });
  await db.productFile.create({
    data: { blockId: ebook.id, storageKey: STORAGE_KEY, fileName: "livro-nao-publicado.pdf", contentType: "application/pdf", size: 1234 },
  });
  const course = await db.link.create({
    data: {
      pageId: user.id,
      kind: "product",
      title: "Curso online",
      url: "",
      order: 1,
      data: { description: null, priceCents: 1_000_000, delivery: "link", url: SECRET_URL, stock: null },
    },
  });
  const tip = await db.link.create({
    data: { pageId: user.id, kind: "tip", title: "Apoie meu trabalho", url: "", order: 2, data: { amountsCents: [500, 1000], allowCustom: true } },
  });
  if (connected) {
    await storeAccount(user.id, user.id, {
      accessToken: "APP_USR-teste",
      refreshToken: "TG-teste",
      sellerId: "12345",
      expiresInSeconds: 3600,
      publicKey: null,
      liveMode: false,
    });
  }
  return { user, ebook, course, tip };
}

async function order(pageId: string, blockId: string, status: string) {
  await db.order.create({
    data: {
      id: randomBytes(12).toString("hex"),
      pageId,
      blockId,
      kind: "product",
      title: "E-book de receitas",
      amountCents: 2990,
      status,
      tokenHash: randomBytes(32).toString("hex"),
      expiresAt: new Date(Date.now() + 30 * 60_000),
      holdsStock: true,
    },
  });
}

const html = async (username: string) => (await page(request(`/${username}`), params({ username }))).text();
const json = async (username: string) => (await profileJson(request(`/api/profiles/${username}`), params({ username }))).json();
/** The product's or tip's list item, by its title. */
const itemOf = (text: string, title: string) => text.match(new RegExp(`<li class="vp-(?:prod|tip)">(?:(?!</li>).)*${title}(?:(?!</li>).)*</li>`))?.[0] ?? "";

describe("a page that sells", () => {
  it("shows each product's image, title, description and price with 'Comprar' to its checkout, and the tip's amounts", async () => {
    const { ebook, course, tip } = await shop("ana_loja");
    const text = await html("ana_loja");
    const item = itemOf(text, "E-book de receitas");
    expect(item).toContain(`<img class="vp-prodi" src="/uploads/thumbnail-${"c".repeat(32)}.webp"`);
    expect(item).toContain('<p class="vp-prodd">40 receitas de família</p>');
    expect(item).toContain('<p class="vp-price">R$ 29,90</p>');
    expect(item).toMatch(
      new RegExp(
        `<a class="vp-btn"[^>]* href="http://localhost:3000/ana_loja/comprar/${ebook.id}" aria-label="Comprar: E-book de receitas"><span>Comprar</span></a>`,
      ),
    );
    expect(itemOf(text, "Curso online")).toContain('<p class="vp-price">R$ 10.000,00</p>');
    expect(itemOf(text, "Curso online")).toContain(`href="http://localhost:3000/ana_loja/comprar/${course.id}"`);
    const tipItem = itemOf(text, "Apoie meu trabalho");
    expect(tipItem).toContain(`href="http://localhost:3000/ana_loja/comprar/${tip.id}?valor=500" aria-label="Apoiar com R$ 5,00"><span>R$ 5,00</span>`);
    expect(tipItem).toContain(`href="http://localhost:3000/ana_loja/comprar/${tip.id}?valor=1000" aria-label="Apoiar com R$ 10,00"><span>R$ 10,00</span>`);
    expect(tipItem).toContain(`href="http://localhost:3000/ana_loja/comprar/${tip.id}"><span>Outro valor</span>`);
    // The kinds' styles come with them.
    expect(text).toContain(".vp-prod{");
    expect(text).toContain(".vp-tip{");
    expect(text).not.toMatch(/Esgotado|Venda pausada/);
  });

  it("shows the same in its JSON, and never the product's address nor its file, in the page or the JSON", async () => {
    const { ebook, course, tip } = await shop("bia_loja");
    const body = await json("bia_loja");
    expect(body.links).toEqual([
      expect.objectContaining({
        id: ebook.id,
        kind: "product",
        title: "E-book de receitas",
        url: null,
        thumbnailUrl: `/uploads/thumbnail-${"c".repeat(32)}.webp`,
        product: { description: "40 receitas de família", priceCents: 2990, delivery: "file", soldOut: false, paused: false },
      }),
      expect.objectContaining({
        id: course.id,
        kind: "product",
        url: null,
        product: { description: null, priceCents: 1_000_000, delivery: "link", soldOut: false, paused: false },
      }),
      expect.objectContaining({ id: tip.id, kind: "tip", url: null, tip: { amountsCents: [500, 1000], allowCustom: true, paused: false } }),
    ]);
    for (const shown of [await html("bia_loja"), JSON.stringify(body)]) {
      expect(shown).not.toContain("turma-secreta");
      expect(shown).not.toContain("curso.exemplo.com");
      expect(shown).not.toContain(STORAGE_KEY);
      expect(shown).not.toContain("livro-nao-publicado");
      expect(shown).not.toMatch(/storageKey|"stock"/);
    }
  });

  it("says 'Esgotado' once pending and paid orders hold every unit, without a link; a failed order frees its unit", async () => {
    const { user, ebook } = await shop("carla_loja", { stock: 2 });
    await order(user.id, ebook.id, "paid");
    await order(user.id, ebook.id, "failed");
    let item = itemOf(await html("carla_loja"), "E-book de receitas");
    expect(item).toContain(">Comprar<");
    expect(item).not.toContain("Esgotado");
    await order(user.id, ebook.id, "pending");
    // Written here past the checkout, which tells the cache itself.
    clearProfileCache();
    const text = await html("carla_loja");
    item = itemOf(text, "E-book de receitas");
    expect(item).toContain('<p class="vp-prods">Esgotado</p>');
    expect(item).not.toContain("comprar/");
    // The other product (no stock) still sells.
    expect(itemOf(text, "Curso online")).toContain(">Comprar<");
    expect((await json("carla_loja")).links[0].product).toMatchObject({ soldOut: true, paused: false });
  });

  it("says 'Venda pausada', with no link to buy, while the page is not connected", async () => {
    await shop("dani_loja", { connected: false });
    const text = await html("dani_loja");
    expect(itemOf(text, "E-book de receitas")).toContain('<p class="vp-prods">Venda pausada</p>');
    expect(itemOf(text, "Apoie meu trabalho")).toContain('<p class="vp-tips">Venda pausada</p>');
    expect(text).not.toContain("/comprar/");
    expect((await json("dani_loja")).links.map((l: { product?: { paused: boolean }; tip?: { paused: boolean } }) => (l.product ?? l.tip)?.paused)).toEqual([
      true,
      true,
      true,
    ]);
  });

  it("says 'Venda pausada', with no link to buy, for a file product whose file has not been uploaded", async () => {
    const { ebook, course } = await shop("sem_arquivo");
    await db.productFile.delete({ where: { blockId: ebook.id } });
    const text = await html("sem_arquivo");
    expect(itemOf(text, "E-book de receitas")).toContain('<p class="vp-prods">Venda pausada</p>');
    expect(text).not.toContain(`/comprar/${ebook.id}`);
    // A product delivered by link needs no file.
    expect(itemOf(text, "Curso online")).toContain(`/comprar/${course.id}`);
    const body = await json("sem_arquivo");
    expect(body.links.find((l: { id: string }) => l.id === ebook.id).product).toMatchObject({ paused: true });
  });

  it("says 'Venda pausada' where selling is off, even for a connected page", async () => {
    await shop("eva_loja");
    sellingOn(false);
    const text = await html("eva_loja");
    expect(itemOf(text, "Curso online")).toContain("Venda pausada");
    expect(text).not.toContain("/comprar/");
  });

  it("sends the kinds' styles only to pages that show them", async () => {
    const { user } = await signedInUser({ username: "fabi_sem_loja" });
    await db.link.create({ data: { pageId: user.id, title: "Meu site", url: "https://exemplo.com.br", order: 0 } });
    const text = await html("fabi_sem_loja");
    expect(text).not.toContain(".vp-prod{");
    expect(text).not.toContain(".vp-tip{");
  });
});
