import sharp from "sharp";
import { hasError, isStaticPix, parsePix } from "pix-utils";
import { GET as list, POST as create } from "./route";
import { PUT as replace } from "./[id]/route";
import { GET as pixCode } from "./[id]/pix/route";
import { POST as click } from "./[id]/click/route";
import { GET as exportLinks } from "./export/route";
import { GET as page } from "@/app/[username]/route";
import { GET as follow } from "@/app/[username]/[linkId]/route";
import { GET as profileJson } from "@/app/api/profiles/[username]/route";
import { createLink, updateLink } from "@/lib/links/link-mutations";
import { linkInputSchema } from "@/lib/links/link-schemas";
import type { Fetcher } from "@/lib/links/embed-poster";
import { db } from "@/lib/server/db";
import { signedInUser } from "@/tests/factories";
import { clearUploads, solidImage, uploadPath, uploadedFiles } from "@/tests/helpers/images";
import { params, request } from "@/tests/helpers/request";
import { visitor } from "@/tests/helpers/visitor";

// api.md, Creator blocks: Pix blocks and players, through the real handlers
// and database; the providers are stood in for by a fetcher handed to the
// mutation (this machine reaches neither YouTube nor Spotify).

const as = (cookie: string) => ({ headers: { cookie } });
const PIX = { key: "123e4567-e12b-12d1-a456-426655440000", name: "Ana Souza", city: "Recife", amount: 25, message: "Obrigada!" };

beforeEach(clearUploads);

describe("Pix blocks", () => {
  it("stores a Pix block, shows it on the page with its code and QR, gives the owner the code, and counts its opening", async () => {
    const { user, cookie } = await signedInUser({ username: "anapix" });
    const res = await create(
      request("/api/links", {
        body: { kind: "pix", title: "Me pague um café", pix: { ...PIX, key: " 123E4567-E12B-12D1-A456-426655440000 " } },
        ...as(cookie),
      }),
    );
    expect(res.status).toBe(201);
    const block = await res.json();
    expect(block).toMatchObject({ kind: "pix", title: "Me pague um café", url: null, pix: { ...PIX }, clicks: 0 });

    const code = (await (await pixCode(request(`/api/links/${block.id}/pix`, as(cookie)), params({ id: block.id }))).json()).code as string;
    const parsed = parsePix(code);
    if (hasError(parsed) || !isStaticPix(parsed)) throw new Error("pix-utils refused the code");
    expect(parsed).toMatchObject({ pixKey: PIX.key, merchantName: "Ana Souza", merchantCity: "Recife", transactionAmount: 25, infoAdicional: "Obrigada!" });

    const json = await (await profileJson(request("/api/profiles/anapix"), params({ username: "anapix" }))).json();
    expect(json.links).toEqual([expect.objectContaining({ id: block.id, kind: "pix", url: null, pixCode: code })]);
    expect(json.links[0]).not.toHaveProperty("pix");

    const html = await (await page(request("/anapix"), params({ username: "anapix" }))).text();
    expect(html).toContain(`<details class="vp-pix" data-link-id="${block.id}">`);
    expect(html).toContain(`<textarea id="pix-${block.id}" readOnly="" rows="3" spellCheck="false">${code}</textarea>`);
    expect(html).toMatch(/<div class="vp-qr" role="img" aria-label="QR Code do Pix"><svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(html).toContain("Copiar código");

    expect((await click(visitor(`/api/links/${block.id}/click`), params({ id: block.id }))).status).toBeLessThan(300);
    expect((await db.link.findUniqueOrThrow({ where: { id: block.id } })).clicks).toBe(1);
    // No address to go to: its short link is not one.
    expect((await follow(visitor(`/anapix/${block.id}`, "198.51.100.31", { method: "GET" }), params({ username: "anapix", linkId: block.id }))).status).toBe(
      404,
    );
    expect((await db.link.findUniqueOrThrow({ where: { id: block.id } })).clicks).toBe(1);
    expect(user.id).toBe(block && (await db.link.findUniqueOrThrow({ where: { id: block.id } })).pageId);
  });

  it("refuses bad fields with pt-BR messages next to each, and stores nothing", async () => {
    const { cookie } = await signedInUser();
    const res = await create(
      request("/api/links", {
        body: { kind: "pix", title: "Pix", pix: { key: "111.111.111-11", name: "", city: "Uma cidade longa demais", amount: 10.005, message: "m".repeat(41) } },
        ...as(cookie),
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({
      "pix.key": "Chave Pix inválida",
      "pix.name": "Informe o nome de quem recebe",
      "pix.city": "A cidade pode ter no máximo 15 caracteres",
      "pix.amount": "Valor inválido: use de 0,01 a 999.999,99, com até dois centavos",
      "pix.message": "A mensagem pode ter no máximo 40 caracteres",
    });
    const missing = await create(request("/api/links", { body: { kind: "pix", title: "Pix" }, ...as(cookie) }));
    expect((await missing.json()).errors).toMatchObject({ "pix.key": "Chave Pix inválida" });
    expect(await db.link.count()).toBe(0);
  });

  it("edits a block's fields (the code follows), keeps them when absent, refuses Pix fields on another kind, and hides the code from anyone else", async () => {
    const { cookie } = await signedInUser({ username: "editapix" });
    const other = await signedInUser();
    const block = await (await create(request("/api/links", { body: { kind: "pix", title: "Pix", pix: PIX }, ...as(cookie) }))).json();
    const put = await replace(
      request(`/api/links/${block.id}`, {
        method: "PUT",
        body: { title: "Doe", active: true, pix: { ...PIX, key: "+55 11 98765-4321", amount: null } },
        ...as(cookie),
      }),
      params({ id: block.id }),
    );
    expect(await put.json()).toMatchObject({ title: "Doe", pix: { key: "+5511987654321", amount: null } });
    const kept = await (
      await replace(request(`/api/links/${block.id}`, { method: "PUT", body: { title: "Doe 2", active: true }, ...as(cookie) }), params({ id: block.id }))
    ).json();
    expect(kept.pix.key).toBe("+5511987654321");
    const code = (await (await pixCode(request(`/api/links/${block.id}/pix`, as(cookie)), params({ id: block.id }))).json()).code as string;
    expect(code).toContain("0114+5511987654321");
    expect(code).not.toMatch(/54\d\d\d+\.\d\d58/);

    const link = await (await create(request("/api/links", { body: { title: "Loja", url: "https://loja.example.com" }, ...as(cookie) }))).json();
    const wrong = await replace(
      request(`/api/links/${link.id}`, { method: "PUT", body: { title: "Loja", url: "https://loja.example.com", active: true, pix: PIX }, ...as(cookie) }),
      params({ id: link.id }),
    );
    expect(wrong.status).toBe(400);
    expect((await db.link.findUniqueOrThrow({ where: { id: link.id } })).data).toBeNull();

    expect((await pixCode(request(`/api/links/${block.id}/pix`, as(other.cookie)), params({ id: block.id }))).status).toBe(404);
    expect((await pixCode(request(`/api/links/${link.id}/pix`, as(cookie)), params({ id: link.id }))).status).toBe(404);
    expect((await pixCode(request(`/api/links/${block.id}/pix`), params({ id: block.id }))).status).toBe(401);
  });

  it("exports a Pix block with its fields and imports it back", async () => {
    const { user, cookie } = await signedInUser();
    await create(request("/api/links", { body: { kind: "pix", title: "Pix", pix: PIX }, ...as(cookie) }));
    const exported = JSON.parse(await (await exportLinks(request("/api/links/export?format=json", as(cookie)))).text());
    expect(exported).toEqual([expect.objectContaining({ kind: "pix", title: "Pix", url: null, pix: PIX })]);
    const parsed = linkInputSchema.parse(exported[0]);
    expect(parsed).toMatchObject({ kind: "pix", url: "", data: PIX });
    await createLink(user.id, parsed);
    const links = await (await list(request("/api/links", as(cookie)))).json();
    expect(links.map((l: { kind: string; pix: unknown }) => [l.kind, l.pix])).toEqual([
      ["pix", PIX],
      ["pix", PIX],
    ]);
  });
});

/** A provider stand-in: answers each URL from the table and records what was asked. */
function provider(table: Record<string, () => Response>) {
  const asked: string[] = [];
  const fetcher: Fetcher = async (url) => {
    asked.push(url);
    const answer = table[url];
    if (!answer) throw new TypeError("fetch failed");
    return answer();
  };
  return { asked, fetcher };
}

const jpeg = async () => new Response(new Uint8Array(await solidImage("jpeg", 1280, 720, "#e11d48")));

describe("players (embeds)", () => {
  it("stores a YouTube player with its picture copied once, shows a stand-in that asks the provider for nothing, and counts the press", async () => {
    const { user } = await signedInUser({ username: "anavideo" });
    const picture = await jpeg();
    const { asked, fetcher } = provider({ "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg": () => picture });
    const input = linkInputSchema.parse({ kind: "embed", url: "https://youtu.be/dQw4w9WgXcQ" });
    const block = await createLink(user.id, input, fetcher);
    expect(asked).toEqual(["https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"]);
    expect(block).toMatchObject({ kind: "embed", title: "Vídeo no YouTube", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" });
    expect(block.thumbnailUrl).toMatch(/^\/uploads\/poster-[0-9a-f]{32}\.webp$/);
    const stored = await sharp(uploadPath(block.thumbnailUrl!)).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(["webp", 640, 360]);

    const res = await page(request("/anavideo"), params({ username: "anavideo" }));
    const html = await res.text();
    expect(res.headers.get("content-security-policy")).toContain("frame-src https://www.youtube-nocookie.com https://open.spotify.com;");
    expect(html).toContain('data-embed="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"');
    expect(html).toContain('aria-label="Tocar: Vídeo no YouTube"');
    expect(html).not.toMatch(/<iframe|ytimg|youtube-nocookie\.com\/embed\/[^"]*"[^>]*src=/);
    // Every image on the page is the app's own.
    for (const [, src] of html.matchAll(/<img[^>]* src="([^"]+)"/g)) expect(src).toMatch(/^\/uploads\//);

    expect((await click(visitor(`/api/links/${block.id}/click`), params({ id: block.id }))).status).toBeLessThan(300);
    expect((await db.link.findUniqueOrThrow({ where: { id: block.id } })).clicks).toBe(1);
  });

  it("reads Spotify's picture through its oEmbed answer, fetching a picture only from Spotify's image hosts", async () => {
    const { user } = await signedInUser();
    const url = "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC";
    const oembed = `https://open.spotify.com/oembed?url=${encodeURIComponent(url)}`;
    const picture = await jpeg();
    const good = provider({
      [oembed]: () => Response.json({ thumbnail_url: "https://image-cdn-ak.spotifycdn.com/image/ab67616d00001e02" }),
      "https://image-cdn-ak.spotifycdn.com/image/ab67616d00001e02": () => picture,
    });
    const block = await createLink(user.id, linkInputSchema.parse({ kind: "embed", title: "Minha música", url: `${url}?si=1` }), good.fetcher);
    expect(block).toMatchObject({ title: "Minha música", url });
    expect(block.thumbnailUrl).toMatch(/^\/uploads\/poster-/);

    const evil = provider({ [oembed]: () => Response.json({ thumbnail_url: "http://169.254.169.254/latest/meta-data" }) });
    const second = await createLink(user.id, linkInputSchema.parse({ kind: "embed", url }), evil.fetcher);
    expect(evil.asked).toEqual([oembed]);
    expect(second.thumbnailUrl).toBeNull();
  });

  it("goes without a picture when the provider cannot be reached or sends no image, and drops an old picture when the address changes", async () => {
    const { user } = await signedInUser();
    const picture = await jpeg();
    const first = provider({ "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg": () => picture });
    const block = await createLink(user.id, linkInputSchema.parse({ kind: "embed", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }), first.fetcher);
    const old = block.thumbnailUrl!;
    const notImage = provider({ "https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg": () => new Response("<html>não</html>") });
    const moved = await updateLink(user.id, block.id, { title: "Outro", url: "https://www.youtube.com/shorts/aqz-KE-bpKQ", active: true }, notImage.fetcher);
    expect(moved).toMatchObject({ url: "https://www.youtube.com/watch?v=aqz-KE-bpKQ", thumbnailUrl: null });
    expect(uploadedFiles()).not.toContain(old.replace("/uploads/", ""));

    const offline = provider({});
    const none = await createLink(user.id, linkInputSchema.parse({ kind: "embed", url: "https://youtu.be/aqz-KE-bpKQ" }), offline.fetcher);
    expect(none.thumbnailUrl).toBeNull();
    // The same address again asks nothing.
    const again = provider({});
    await updateLink(user.id, none.id, { title: "Mesmo", url: "https://youtu.be/aqz-KE-bpKQ", active: true }, again.fetcher);
    expect(again.asked).toEqual([]);
  });

  it("draws a player flagged sensitive as a button to its short link: the warning comes first, then the provider's page", async () => {
    const { user } = await signedInUser({ username: "anaaviso" });
    const block = await createLink(
      user.id,
      linkInputSchema.parse({ kind: "embed", url: "https://youtu.be/dQw4w9WgXcQ", sensitive: true }),
      provider({}).fetcher,
    );
    const html = await (await page(request("/anaaviso"), params({ username: "anaaviso" }))).text();
    expect(html).not.toContain("data-embed=");
    expect(html).toContain(`href="http://localhost:3000/anaaviso/${block.id}"`);
    const warned = await follow(visitor(`/anaaviso/${block.id}`, "198.51.100.32", { method: "GET" }), params({ username: "anaaviso", linkId: block.id }));
    expect(warned.status).toBe(200);
    expect(await warned.text()).toContain("Conteúdo sensível");
    const gone = await follow(
      visitor(`/anaaviso/${block.id}?continuar=1`, "198.51.100.32", { method: "GET" }),
      params({ username: "anaaviso", linkId: block.id }),
    );
    expect([gone.status, gone.headers.get("location")]).toEqual([302, "https://www.youtube.com/watch?v=dQw4w9WgXcQ"]);
  });

  it("refuses an address it cannot embed, on create and on edit, and changes nothing", async () => {
    const { cookie } = await signedInUser();
    for (const url of ["https://vimeo.com/76979871", "https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF", "javascript:alert(1)", ""]) {
      const res = await create(request("/api/links", { body: { kind: "embed", url }, ...as(cookie) }));
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ url: "Este endereço não pode ser incorporado" });
    }
    expect(await db.link.count()).toBe(0);
    const { user } = await signedInUser();
    const block = await createLink(user.id, linkInputSchema.parse({ kind: "embed", url: "https://youtu.be/dQw4w9WgXcQ" }), provider({}).fetcher);
    await expect(updateLink(user.id, block.id, { title: "x", url: "https://example.com/", active: true })).rejects.toMatchObject({
      errors: { url: "Este endereço não pode ser incorporado" },
    });
    expect((await db.link.findUniqueOrThrow({ where: { id: block.id } })).url).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  });
});
