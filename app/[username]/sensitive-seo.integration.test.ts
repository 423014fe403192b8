import { brotliCompressSync } from "node:zlib";
import { GET as page } from "./route";
import { GET as linkPage } from "./[linkId]/route";
import { GET as ogImage } from "@/app/og/[username]/route";
import { GET as getUser, PATCH as patchUser } from "@/app/api/user/route";
import { GET as exportAccount } from "@/app/api/user/export/route";
import { POST as postLink } from "@/app/api/links/route";
import { PATCH as patchLink, PUT as putLink } from "@/app/api/links/[id]/route";
import { GET as exportLinks } from "@/app/api/links/export/route";
import { db } from "@/lib/server/db";
import { PROFILE_CSP } from "@/lib/profile/render-page";
import { signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";
import { visitor } from "@/tests/helpers/visitor";

// api.md, Creator blocks: sensitive content and search engines.

const patch = (cookie: string, body: unknown) => patchUser(request("/api/user", { method: "PATCH", body, headers: { cookie } }));
const html = async (username: string) => (await page(request(`/${username}`), params({ username }))).text();
const jsonLd = (text: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(text)![1]!) as { mainEntity: Record<string, unknown> } & Record<string, unknown>;

async function creator(username = "ana_souza") {
  const s = await signedInUser({ username, name: "Ana Souza" });
  await db.page.update({
    where: { id: s.user.id },
    data: {
      bio: "Receitas e viagens",
      avatarUrl: "/uploads/avatar-x.webp",
      coverUrl: "/uploads/cover-x.webp",
      socials: { instagram: "ana", whatsapp: "5511987654321" },
    },
  });
  const link = await db.link.create({ data: { pageId: s.user.id, title: "Minha loja secreta", url: "https://loja.example.com/", order: 0 } });
  return { ...s, link };
}

describe("PATCH and GET /api/user: the four fields", () => {
  it("defaults to none, no SEO texts, indexable", async () => {
    const { cookie } = await signedInUser();
    expect(await (await getUser(request("/api/user", { headers: { cookie } }))).json()).toMatchObject({
      sensitive: "none",
      seoTitle: null,
      seoDescription: null,
      indexable: true,
    });
  });

  it("stores them, the user object and the LGPD export carry them, and empty texts clear them", async () => {
    const { cookie } = await signedInUser();
    const res = await patch(cookie, { sensitive: "adult", seoTitle: " Ana · receitas ", seoDescription: "Tudo de Ana", indexable: false });
    expect(res.status).toBe(200);
    const expected = { sensitive: "adult", seoTitle: "Ana · receitas", seoDescription: "Tudo de Ana", indexable: false };
    expect((await res.json()).user).toMatchObject(expected);
    expect(await (await getUser(request("/api/user", { headers: { cookie } }))).json()).toMatchObject(expected);
    expect((await (await exportAccount(request("/api/user/export", { headers: { cookie } }))).json()).user).toMatchObject(expected);
    expect((await (await patch(cookie, { seoTitle: "", seoDescription: null })).json()).user).toMatchObject({
      seoTitle: null,
      seoDescription: null,
      sensitive: "adult",
    });
  });

  it.each([
    [{ seoTitle: "t".repeat(61) }, "seoTitle", "O título para buscadores deve ter no máximo 60 caracteres"],
    [{ seoDescription: "d".repeat(161) }, "seoDescription", "A descrição para buscadores deve ter no máximo 160 caracteres"],
    [{ sensitive: "nsfw" }, "sensitive", "Escolha nenhum aviso, maiores de 18 anos ou conteúdo sensível"],
    [{ indexable: "false" }, "indexable", "Informe verdadeiro ou falso"],
  ])("refuses %j with a pt-BR message by the field, and changes nothing", async (body, field, message) => {
    const { user, cookie } = await signedInUser();
    const res = await patch(cookie, { ...body, seoTitle: (body as { seoTitle?: string }).seoTitle ?? "Novo", fontFamily: "serif" });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ [field]: message });
    expect(await db.page.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      seoTitle: null,
      fontFamily: "sans",
      sensitive: "none",
      indexable: true,
    });
  });
});

describe("the public page's head", () => {
  it("uses the SEO title and description, is indexable, and carries ProfilePage data", async () => {
    const { cookie } = await creator();
    const before = await html("ana_souza");
    expect(before).toContain("<title>Ana Souza (@ana_souza) · Vitrine</title>");
    expect(before).not.toContain('name="robots"');
    await patch(cookie, { seoTitle: "Ana cozinha", seoDescription: "Receitas rápidas" });
    const text = await html("ana_souza"); // the cached page changed at once
    expect(text).toContain("<title>Ana cozinha</title>");
    expect(text).toContain('<meta name="description" content="Receitas rápidas"/>');
    expect(text).toContain('<meta property="og:description" content="Receitas rápidas"/>');
    expect(text).not.toContain('name="robots"');
    const data = jsonLd(text);
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "ProfilePage",
      url: "http://localhost:3000/ana_souza",
      mainEntity: {
        "@type": "Person",
        name: "Ana Souza",
        alternateName: "@ana_souza",
        description: "Receitas rápidas",
        url: "http://localhost:3000/ana_souza",
        image: "http://localhost:3000/uploads/avatar-x.webp",
        sameAs: ["https://instagram.com/ana"],
      },
    });
  });

  it("says noindex when the owner turns search engines off", async () => {
    const { cookie } = await creator();
    await html("ana_souza");
    await patch(cookie, { indexable: false });
    expect(await html("ana_souza")).toContain('<meta name="robots" content="noindex"/>');
  });

  it("escapes '<' in the JSON-LD so a bio cannot close the script, and the CSP runs only the counting script", async () => {
    const { user } = await creator();
    await db.page.update({ where: { id: user.id }, data: { bio: '</script><script>alert(1)</script><!-- & "x"' } });
    const res = await page(request("/ana_souza"), params({ username: "ana_souza" }));
    const text = await res.text();
    const block = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(text)![1]!;
    expect(block).not.toMatch(/[<>]/);
    expect(jsonLd(text).mainEntity.description).toBe('</script><script>alert(1)</script><!-- & "x"');
    expect(text.match(/<script/g)).toHaveLength(2);
    expect(res.headers.get("content-security-policy")).toBe(PROFILE_CSP);
    expect(PROFILE_CSP).toMatch(/script-src 'sha256-[^']+'(;|$)/);
  });
});

describe("a page flagged sensitive", () => {
  it.each([
    ["adult", "Conteúdo para maiores de 18 anos"],
    ["sensitive", "Conteúdo sensível"],
  ])("%s: a warning with 'Continuar' and 'Voltar' comes before the content, noindex, neutral previews", async (level, heading) => {
    const { cookie } = await creator();
    await html("ana_souza");
    await patch(cookie, { sensitive: level, seoDescription: "Descrição pública" });
    const text = await html("ana_souza");
    expect(text).toContain(`<h1 id="vw-h">${heading}</h1>`);
    expect(text).toContain('<form action="/ana_souza" method="post"><button class="vw-go" type="submit">Continuar</button></form>');
    expect(text).toContain('<a class="vw-back" href="http://localhost:3000/" data-back="">Voltar</a>');
    expect(text).toContain('<body data-profile="ana_souza" data-flagged=""');
    // The warning alone: the links are not in the document at all (sensitive-consent.integration.test.ts).
    expect(text).not.toContain("Minha loja secreta");
    expect(text).not.toContain("loja.example.com");
    expect(text).toContain('<meta name="robots" content="noindex"/>');
    const description = "Esta página pede confirmação antes de mostrar o conteúdo.";
    expect(text).toContain(`<meta property="og:description" content="${description}"/>`);
    expect(text).toContain(`<meta name="twitter:description" content="${description}"/>`);
    expect(text).not.toContain('content="Receitas e viagens"');
    expect(jsonLd(text).mainEntity.image).toBeUndefined();
    expect(jsonLd(text).mainEntity.sameAs).toBeUndefined();
    expect(jsonLd(text).mainEntity.description).toBe(description);
    const og = await ogImage(request("/og/ana_souza"), params({ username: "ana_souza" }));
    expect(og.status).toBe(200);
    expect(og.headers.get("content-type")).toBe("image/png");
  });

  it("after 'Continuar' weighs about as much as the unflagged page (brotli), with 10 links; the warning far less", async () => {
    const { cookie, user } = await creator();
    for (let i = 1; i < 10; i++) {
      await db.link.create({
        data: {
          pageId: user.id,
          title: `Link número ${i + 1} com um título de tamanho realista`,
          url: `https://example.com/ana_souza/${"p".repeat(20)}${i}`,
          order: i,
        },
      });
    }
    const plain = Buffer.from(await html("ana_souza"));
    await patch(cookie, { sensitive: "adult" });
    const warning = Buffer.from(await html("ana_souza"));
    const consented = async () =>
      (await page(request("/ana_souza", { headers: { cookie: "vitrine_continuar=ana_souza" } }), params({ username: "ana_souza" }))).text();
    const content = Buffer.from(await consented());
    const [a, w, c] = [brotliCompressSync(plain).length, brotliCompressSync(warning).length, brotliCompressSync(content).length];
    console.log(
      `page with 10 links: ${plain.length} B raw, ${a} B brotli; flagged: the warning ${warning.length} B raw, ${w} B brotli; after 'Continuar' ${content.length} B raw, ${c} B brotli`,
    );
    expect(c).toBeLessThan(a + 1024);
    expect(c).toBeLessThan(15 * 1024);
    expect(w).toBeLessThan(a);
  });
});

describe("a link flagged sensitive", () => {
  it("is accepted by POST, PUT and PATCH and shown in the link object and the export", async () => {
    const { cookie } = await signedInUser();
    const created = await postLink(request("/api/links", { body: { title: "Loja", url: "https://loja.example.com", sensitive: true }, headers: { cookie } }));
    expect(created.status).toBe(201);
    const link = await created.json();
    expect(link.sensitive).toBe(true);
    const put = await putLink(
      request(`/api/links/${link.id}`, {
        method: "PUT",
        body: { title: "Loja", url: "https://loja.example.com", active: true, sensitive: false },
        headers: { cookie },
      }),
      params({ id: link.id }),
    );
    expect((await put.json()).sensitive).toBe(false);
    const patched = await patchLink(
      request(`/api/links/${link.id}`, { method: "PATCH", body: { sensitive: true }, headers: { cookie } }),
      params({ id: link.id }),
    );
    expect((await patched.json()).sensitive).toBe(true);
    const bad = await patchLink(
      request(`/api/links/${link.id}`, { method: "PATCH", body: { sensitive: "sim" }, headers: { cookie } }),
      params({ id: link.id }),
    );
    expect(bad.status).toBe(400);
    const exported = await (await exportLinks(request("/api/links/export?format=json", { headers: { cookie } }))).json();
    expect(exported[0]).toMatchObject({ title: "Loja", sensitive: true });
  });

  it("goes through its short link, which warns, then counts the click exactly once and redirects", async () => {
    const { link } = await creator();
    await html("ana_souza");
    await db.link.update({ where: { id: link.id }, data: { sensitive: true } });
    const { onProfileChanged } = await import("@/lib/profile-cache/profile-cache");
    await onProfileChanged(link.pageId);
    const text = await html("ana_souza");
    // The button goes to the short link, with no beacon id (the short link counts instead).
    expect(text).toContain(`href="http://localhost:3000/ana_souza/${link.id}"`);
    expect(text).not.toContain(`data-link-id="${link.id}"`);
    expect(text).not.toContain('data-flagged=""');

    const go = (query = "") =>
      linkPage(visitor(`/ana_souza/${link.id}${query}`, "198.51.100.9", { method: "GET" }), params({ username: "ana_souza", linkId: link.id }));
    const warning = await go();
    expect(warning.status).toBe(200);
    const body = await warning.text();
    expect(body).toContain('<h1 id="vw-h">Conteúdo sensível</h1>');
    expect(body).toContain(`<a class="vw-go" href="http://localhost:3000/ana_souza/${link.id}?continuar=1">Continuar</a>`);
    expect(body).toContain('<a class="vw-back" href="http://localhost:3000/ana_souza">Voltar</a>');
    expect(body).toContain('<meta name="robots" content="noindex"/>');
    expect(body).not.toContain("Minha loja secreta");
    expect(body).not.toContain("<script");
    expect((await db.link.findUniqueOrThrow({ where: { id: link.id } })).clicks).toBe(0);

    const redirect = await go("?continuar=1");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("https://loja.example.com/");
    expect((await db.link.findUniqueOrThrow({ where: { id: link.id } })).clicks).toBe(1);
  });
});
