import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { DELETE as deleteLink } from "@/app/api/links/[id]/route";
import { GET, POST } from "./route";
import { openProductFile } from "@/lib/selling/product-files";
import { privateDir } from "@/lib/selling/product-file-storage";
import { sweepProductFiles } from "@/lib/selling/product-file-jobs";
import { MAX_PRODUCT_FILE_BYTES } from "@/lib/selling/receive-upload";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { addMember, signedInUser } from "@/tests/factories";
import { solidImage } from "@/tests/helpers/images";
import { BASE_URL, params, request } from "@/tests/helpers/request";

// POST /api/products/{id}/file (api.md, Selling with Pix): the product's file,
// at most 50 MB, its type read from its bytes, kept under a random name where
// nothing serves it, one per product; the page's editors may send it, nobody
// else. GET says what was sent.

const SELLING = ["MERCADOPAGO_CLIENT_ID", "MERCADOPAGO_CLIENT_SECRET", "MERCADOPAGO_WEBHOOK_SECRET"] as const;
const saved = Object.fromEntries(SELLING.map((name) => [name, process.env[name]]));
const sellingOn = (on: boolean) => {
  for (const name of SELLING) {
    if (on) process.env[name] = `teste-${name.toLowerCase()}`;
    else delete process.env[name];
  }
  resetEnvCache();
};
beforeEach(() => {
  sellingOn(true);
  rmSync(privateDir(), { recursive: true, force: true });
});
afterAll(() => {
  for (const name of SELLING) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetEnvCache();
});

/** A one-page PDF, as a writer makes it. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
/** A Windows program's first bytes (DOS header, "This program…", PE signature). */
const EXE = Buffer.concat([
  Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff", "latin1"),
  Buffer.alloc(50),
  Buffer.from("This program cannot be run in DOS mode.\r\nPE\0\0"),
]);
const REFUSED = "Tipo de arquivo não aceito: envie PDF, ZIP, EPUB, MP3, MP4, JPEG, PNG ou WebP";

const storedFiles = () => (existsSync(privateDir()) ? readdirSync(privateDir()) : []);

async function product(delivery: "file" | "link" = "file") {
  const owner = await signedInUser({ username: "ana_loja" });
  const block = await db.link.create({
    data: {
      pageId: owner.user.id,
      kind: "product",
      title: "E-book",
      url: "",
      order: 0,
      data: { description: null, priceCents: 2990, delivery, url: delivery === "link" ? "https://curso.exemplo.com" : null, stock: null },
    },
  });
  return { owner, block };
}

function send(
  cookie: string,
  id: string,
  body: BodyInit,
  { name = "Receitas.pdf", page = "ana_loja", headers = {} }: { name?: string; page?: string; headers?: Record<string, string> } = {},
) {
  const req = new Request(`${BASE_URL}/api/products/${id}/file?page=${page}&name=${encodeURIComponent(name)}`, {
    method: "POST",
    body,
    duplex: "half",
    headers: { cookie, "content-type": "application/octet-stream", ...headers },
  } as RequestInit);
  return POST(req, params({ id }));
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe("POST /api/products/{id}/file", () => {
  it("keeps a PDF under a random name, says what it kept, and a PNG then replaces it (the old one deleted)", async () => {
    const { owner, block } = await product();
    const res = await send(owner.cookie, block.id, PDF);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ fileName: "Receitas.pdf", contentType: "application/pdf", size: PDF.length, uploadedAt: expect.any(String) });
    const row = await db.productFile.findUniqueOrThrow({ where: { blockId: block.id } });
    expect(row.storageKey).toMatch(/^[0-9a-f]{64}$/);
    expect(storedFiles()).toEqual([row.storageKey]);
    expect(readFileSync(path.join(privateDir(), row.storageKey))).toEqual(PDF);
    // Nowhere under the served uploads folder.
    expect(privateDir()).not.toContain(`${path.sep}uploads`);
    const opened = await openProductFile(block.id);
    expect(opened && { ...opened, stream: await bytesOf(opened.stream) }).toEqual({
      stream: PDF,
      size: PDF.length,
      contentType: "application/pdf",
      fileName: "Receitas.pdf",
    });

    const png = await solidImage("png");
    const again = await send(owner.cookie, block.id, png, { name: "capa.pdf" });
    expect(again.status).toBe(201);
    expect(await again.json()).toMatchObject({ fileName: "capa.png", contentType: "image/png", size: png.length });
    const replaced = await db.productFile.findUniqueOrThrow({ where: { blockId: block.id } });
    expect(replaced.storageKey).not.toBe(row.storageKey);
    expect(storedFiles()).toEqual([replaced.storageKey]);
    expect(await db.productFile.count()).toBe(1);
    const shown = await GET(request(`/api/products/${block.id}/file?page=ana_loja`, { headers: { cookie: owner.cookie } }), params({ id: block.id }));
    expect(await shown.json()).toMatchObject({ fileName: "capa.png", contentType: "image/png", size: png.length });
  });

  it("refuses a program renamed .pdf with a pt-BR 400, cut off at its first bytes, keeping nothing", async () => {
    const { owner, block } = await product();
    const res = await send(owner.cookie, block.id, EXE, { name: "livro.pdf" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: REFUSED, errors: { file: REFUSED } });
    // An endless program: refused as soon as its first bytes are read.
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(pulled === 1 ? new Uint8Array(EXE) : new Uint8Array(64 * 1024));
      },
    });
    const cut = await send(owner.cookie, block.id, endless, { name: "livro.pdf" });
    expect(cut.status).toBe(400);
    expect(pulled).toBeLessThanOrEqual(3);
    expect(await db.productFile.count()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it("refuses a file declared over 50 MB before reading it, and one that lies about its size once past 50 MB", async () => {
    const { owner, block } = await product();
    let pulled = 0;
    const big = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(PDF));
      },
    });
    const res = await send(owner.cookie, block.id, big, { headers: { "content-length": String(MAX_PRODUCT_FILE_BYTES + 1) } });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe("O arquivo pode ter no máximo 50 MB");
    expect(pulled).toBeLessThanOrEqual(1);

    const CHUNK = 1024 * 1024;
    let sent = 0;
    const lying = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = new Uint8Array(CHUNK);
        if (sent === 0) chunk.set(PDF);
        sent += CHUNK;
        controller.enqueue(chunk);
      },
    });
    const cut = await send(owner.cookie, block.id, lying, { headers: { "content-length": "1000" } });
    expect(cut.status).toBe(413);
    expect(sent).toBeLessThanOrEqual(MAX_PRODUCT_FILE_BYTES + 3 * CHUNK);
    expect(await db.productFile.count()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it("lets an editor of the page send it; another person gets 404 and nothing is read", async () => {
    const { owner, block } = await product();
    const editor = await signedInUser({ username: "bia_editora" });
    await addMember(owner.user.id, editor.user.id, "editor");
    expect((await send(editor.cookie, block.id, PDF)).status).toBe(201);

    const stranger = await signedInUser({ username: "carla_estranha" });
    expect((await send(stranger.cookie, block.id, PDF)).status).toBe(404);
    // With their own page: the block is not on it.
    expect((await send(stranger.cookie, block.id, PDF, { page: "carla_estranha" })).status).toBe(404);
    expect(
      (await GET(request(`/api/products/${block.id}/file?page=ana_loja`, { headers: { cookie: stranger.cookie } }), params({ id: block.id }))).status,
    ).toBe(404);
    const anonymous = await POST(
      new Request(`${BASE_URL}/api/products/${block.id}/file?page=ana_loja`, { method: "POST", body: PDF }),
      params({ id: block.id }),
    );
    expect(anonymous.status).toBe(401);
    expect(await db.productFile.count()).toBe(1);
  });

  it("takes a file only for a product delivered by file, and answers 404 where selling is off", async () => {
    const { owner, block } = await product("link");
    const res = await send(owner.cookie, block.id, PDF);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Este produto é entregue por link: ele não tem arquivo");
    const tip = await db.link.create({
      data: { pageId: owner.user.id, kind: "tip", title: "Gorjeta", url: "", order: 1, data: { amountsCents: [500], allowCustom: false } },
    });
    expect((await send(owner.cookie, tip.id, PDF)).status).toBe(404);
    const plain = await db.link.create({ data: { pageId: owner.user.id, title: "Site", url: "https://exemplo.com", order: 2 } });
    expect((await send(owner.cookie, plain.id, PDF)).status).toBe(404);
    sellingOn(false);
    const file = await db.link.update({
      where: { id: block.id },
      data: { data: { description: null, priceCents: 2990, delivery: "file", url: null, stock: null } },
    });
    expect((await send(owner.cookie, file.id, PDF)).status).toBe(404);
    expect(await db.productFile.count()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it("loses its file with its block: the row goes at once, the bytes with the jobs' sweep an hour on", async () => {
    const { owner, block } = await product();
    await send(owner.cookie, block.id, PDF);
    const other = await db.link.create({
      data: {
        pageId: owner.user.id,
        kind: "product",
        title: "Outro",
        url: "",
        order: 1,
        data: { description: null, priceCents: 500, delivery: "file", url: null, stock: null },
      },
    });
    await send(owner.cookie, other.id, await solidImage("jpeg"), { name: "foto.jpg" });
    const [kept, gone] = await Promise.all([other.id, block.id].map((id) => db.productFile.findUniqueOrThrow({ where: { blockId: id } })));
    const res = await deleteLink(
      request(`/api/links/${block.id}?page=ana_loja`, { method: "DELETE", headers: { cookie: owner.cookie } }),
      params({ id: block.id }),
    );
    expect(res.status).toBeLessThan(300);
    expect(await db.productFile.findUnique({ where: { blockId: block.id } })).toBeNull();
    expect(await openProductFile(block.id)).toBeNull();
    // Within the hour an upload may still be committing: left alone.
    expect(await sweepProductFiles(privateDir(), Date.now())).toBe(0);
    expect(await sweepProductFiles(privateDir(), Date.now() + 2 * 60 * 60_000)).toBe(1);
    expect(storedFiles()).toEqual([kept!.storageKey]);
    expect(gone!.storageKey).not.toBe(kept!.storageKey);
  });
});
