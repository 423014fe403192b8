import { brotliCompressSync, gzipSync } from "node:zlib";
import { GET as page } from "./route";
import { storeAccount } from "@/lib/selling/payment-account";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";

// The public page stays one HTML document under 15 KB compressed with 10
// links, now with a section, a highlighted link, a thumbnail, every brand and
// every kind of block.

// Selling on for this file (the operator's three variables), so the product and the tip are on sale.
const SELLING = ["MERCADOPAGO_CLIENT_ID", "MERCADOPAGO_CLIENT_SECRET", "MERCADOPAGO_WEBHOOK_SECRET"] as const;
const saved = Object.fromEntries(SELLING.map((name) => [name, process.env[name]]));
beforeAll(() => {
  for (const name of SELLING) process.env[name] = `teste-${name.toLowerCase()}`;
  resetEnvCache();
});
afterAll(() => {
  for (const name of SELLING) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetEnvCache();
});

const HOSTS = ["instagram.com", "youtube.com", "tiktok.com", "facebook.com", "x.com", "linkedin.com", "wa.me", "t.me", "example.com", "loja.example.com"];

it("weighs under 15 KB compressed with 10 links, a section, a highlight, a thumbnail, a Pix block, a player, a sign-up form, a product and a tip, flagged 18+ (its content after 'Continuar'), and runs no framework JavaScript", async () => {
  const { user } = await signedInUser({ username: "pesada", name: "Ana Souza" });
  await db.page.update({
    where: { id: user.id },
    data: {
      bio: "Criadora de conteúdo em São Paulo. Receitas, viagens e achadinhos.".repeat(2),
      socials: { instagram: "ana", youtube: "ana", whatsapp: "5511987654321" },
      buttonStyle: "shadow",
      buttonShape: "pill",
      fontFamily: "rounded",
      sensitive: "adult",
    },
  });
  let order = 0;
  for (const [i, host] of HOSTS.entries()) {
    if (i === 5) await db.link.create({ data: { pageId: user.id, kind: "header", title: "Redes e contato", url: "", order: order++ } });
    await db.link.create({
      data: {
        pageId: user.id,
        title: `Link número ${i + 1} com um título de tamanho realista`,
        url: `https://${host}/ana_souza/${"p".repeat(20)}`,
        order: order++,
        highlighted: i === 0,
        thumbnailUrl: i === 1 ? `/uploads/thumbnail-${"a".repeat(32)}.webp` : null,
      },
    });
  }
  // The third release's blocks: a Pix block (its QR code drawn into the page) and a player's stand-in.
  await db.link.create({
    data: {
      pageId: user.id,
      kind: "pix",
      title: "Me pague um café",
      url: "",
      order: order++,
      data: { key: "123e4567-e12b-12d1-a456-426655440000", name: "Ana Souza", city: "Sao Paulo", amount: 999999.99, message: "m".repeat(40) },
    },
  });
  await db.link.create({
    data: {
      pageId: user.id,
      kind: "embed",
      title: "Meu clipe",
      url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      order: order++,
      thumbnailUrl: `/uploads/poster-${"b".repeat(32)}.webp`,
    },
  });
  // The fourth release's sign-up form, asking for WhatsApp too.
  await db.link.create({
    data: { pageId: user.id, kind: "subscribe", title: "Entre na lista VIP", url: "", order: order++, data: { whatsapp: true, consent: "" } },
  });
  // The sixth release's product (its image, a long description, its file uploaded) and tip, on sale: the page connected, selling on.
  const ebook = await db.link.create({
    data: {
      pageId: user.id,
      kind: "product",
      title: "E-book: 40 receitas de família",
      url: "",
      order: order++,
      thumbnailUrl: `/uploads/thumbnail-${"d".repeat(32)}.webp`,
      data: {
        description: "Receitas testadas em casa, do café da manhã à sobremesa. ".repeat(8).slice(0, 500),
        priceCents: 2990,
        delivery: "file",
        url: null,
        stock: 100,
      },
    },
  });
  await db.productFile.create({
    data: { blockId: ebook.id, storageKey: "d".repeat(64), fileName: "receitas.pdf", contentType: "application/pdf", size: 1234 },
  });
  await db.link.create({
    data: { pageId: user.id, kind: "tip", title: "Apoie meu trabalho", url: "", order: order++, data: { amountsCents: [500, 1000, 2000], allowCustom: true } },
  });
  await storeAccount(user.id, user.id, {
    accessToken: "APP_USR-teste",
    refreshToken: "TG-teste",
    sellerId: "1",
    expiresInSeconds: 3600,
    publicKey: null,
    liveMode: false,
  });
  // The 18+ warning is a document of its own (no links in it); the links come after 'Continuar', with its cookie.
  const warning = (await (await page(request("/pesada"), params({ username: "pesada" }))).text()).toString();
  expect(warning).toContain("Conteúdo para maiores de 18 anos");
  expect(warning).not.toContain("Link número");
  const res = await page(request("/pesada", { headers: { cookie: "vitrine_continuar=pesada" } }), params({ username: "pesada" }));
  const html = Buffer.from(await res.arrayBuffer());
  expect(html.toString()).toContain('<li class="vp-sec"><h2>Redes e contato</h2></li>');
  expect(html.toString()).toContain("vp-hl");
  expect(html.toString()).toContain("vp-thumb");
  expect(html.toString()).toContain('<meta name="robots" content="noindex"/>');
  expect(html.toString()).toContain('<div class="vp-qr" role="img"');
  expect(html.toString()).toContain('data-embed="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"');
  expect(html.toString()).toMatch(/<form class="vp-sub"[^>]* action="http:\/\/localhost:3000\/api\/subscribe\/[a-z0-9]+" method="post">/);
  expect(html.toString()).toContain("Quero receber novidades de Ana Souza por e-mail. Posso cancelar quando quiser.");
  expect(html.toString()).not.toMatch(/<script[^>]+src=|_next\//);
  expect(html.toString().match(/<script>/g)).toHaveLength(1);
  expect(html.toString().match(/<a class="vp-btn[^"]*"[^>]*href="https:\/\//g)).toHaveLength(10);
  expect(html.toString()).toContain('<p class="vp-price">R$ 29,90</p>');
  expect(html.toString().match(/<a class="vp-btn"[^>]*href="http:\/\/localhost:3000\/pesada\/comprar\//g)).toHaveLength(5);
  const br = brotliCompressSync(html).length;
  const gz = gzipSync(html, { level: 9 }).length;
  expect(br).toBeLessThan(15 * 1024);
  expect(gz).toBeLessThan(15 * 1024);
  console.log(
    `public page with 10 links, Pix, a player, a sign-up form, a product and a tip, flagged 18+ (after 'Continuar'): ${html.length} B raw, ${br} B brotli, ${gz} B gzip; the warning ${warning.length} B raw, ${brotliCompressSync(warning).length} B brotli`,
  );
});
