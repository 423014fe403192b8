import { existsSync, readFileSync } from "node:fs";
import sharp from "sharp";
import { POST } from "./route";
import { GET as serve } from "@/app/uploads/[file]/route";
import { MAX_IMAGE_BYTES, MULTIPART_OVERHEAD_BYTES } from "@/lib/images/image-rules";
import { db } from "@/lib/server/db";
import { addMember, createPage, createUser, signedInUser } from "@/tests/factories";
import {
  BROKEN_GIF_POLYGLOT,
  PDF,
  SVG,
  clearUploads,
  decodableGifPolyglot,
  jpegWithGps,
  multipartRequest,
  pngBomb,
  sidewaysJpeg,
  solidImage,
  uploadPath,
  uploadedFiles,
} from "@/tests/helpers/images";
import { BASE_URL, params } from "@/tests/helpers/request";

const upload = (cookie: string, bytes: Uint8Array, extra: { name?: string; type?: string; field?: string } = {}) =>
  POST(multipartRequest("/api/user/avatar", { cookie, files: { [extra.field ?? "avatar"]: { bytes, name: extra.name, type: extra.type } } }));

async function storedAvatar(pageId: string) {
  const row = await db.page.findUniqueOrThrow({ where: { id: pageId }, select: { avatarUrl: true } });
  return row.avatarUrl;
}

beforeEach(clearUploads);

describe("POST /api/user/avatar", () => {
  it("stores a re-encoded 400×400 WebP under a random name and answers {user} with a URL that serves it", async () => {
    const { user, cookie } = await signedInUser();
    const res = await upload(cookie, await solidImage("png", 900, 600));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user.id).toBe(user.id);
    expect(body.user.avatarUrl).toMatch(/^\/uploads\/avatar-[0-9a-f]{32}\.webp$/);
    expect(await storedAvatar(user.id)).toBe(body.user.avatarUrl);

    const file = body.user.avatarUrl.split("/").pop();
    const served = await serve(new Request(`${BASE_URL}${body.user.avatarUrl}`), params({ file }));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 400, height: 400 });
  });

  it.each(["jpeg", "png", "webp", "gif"] as const)("accepts a %s by its content and stores WebP", async (format) => {
    const { cookie } = await signedInUser();
    const res = await upload(cookie, await solidImage(format, 120, 80), { name: "foto.bin", type: "application/octet-stream" });
    expect(res.status).toBe(200);
    const { user } = await res.json();
    const meta = await sharp(readFileSync(uploadPath(user.avatarUrl))).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 80, height: 80 }); // a square, never enlarged
  });

  it("strips GPS, EXIF and XMP: the stored copy of a geotagged JPEG has no metadata", async () => {
    const { cookie } = await signedInUser();
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined(); // the fixture does carry GPS
    expect(original.includes(Buffer.from("CameraSecreta"))).toBe(true);
    const { user } = await (await upload(cookie, original, { type: "image/jpeg", name: "praia.jpg" })).json();
    const stored = readFileSync(uploadPath(user.avatarUrl));
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(stored.includes(Buffer.from("CameraSecreta"))).toBe(false);
    expect(stored.includes(Buffer.from("SEGREDO-XMP"))).toBe(false);
  });

  it("applies the EXIF orientation before cropping", async () => {
    const { cookie } = await signedInUser();
    const res = await POST(multipartRequest("/api/user/avatar", { cookie, files: { avatar: { bytes: await sidewaysJpeg(300, 200), type: "image/jpeg" } } }));
    const { user } = await res.json();
    const meta = await sharp(readFileSync(uploadPath(user.avatarUrl))).metadata();
    expect(meta.orientation).toBeUndefined();
    expect(meta).toMatchObject({ width: 200, height: 200 });
  });

  it("deletes the replaced file once the new one is committed", async () => {
    const { user, cookie } = await signedInUser();
    const first = (await (await upload(cookie, await solidImage("png"))).json()).user.avatarUrl;
    expect(existsSync(uploadPath(first))).toBe(true);
    const second = (await (await upload(cookie, await solidImage("jpeg"))).json()).user.avatarUrl;
    expect(second).not.toBe(first);
    expect(existsSync(uploadPath(first))).toBe(false);
    expect(existsSync(uploadPath(second))).toBe(true);
    expect(await storedAvatar(user.id)).toBe(second);
    expect(uploadedFiles()).toEqual([second.split("/").pop()]);
  });

  it("leaves exactly one file, the committed one, after several uploads at once", async () => {
    const { user, cookie } = await signedInUser();
    const images = await Promise.all([solidImage("png"), solidImage("jpeg"), solidImage("webp"), solidImage("gif")]);
    const results = await Promise.all(images.map((bytes) => upload(cookie, bytes)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const current = await storedAvatar(user.id);
    expect(uploadedFiles()).toEqual([current!.split("/").pop()]);
  });

  describe("refuses what is not a JPEG, PNG, WebP or GIF by its content (415), keeping the old image", () => {
    it.each([
      ["an SVG named .png", SVG, "logo.png", "image/png"],
      ["a PDF", PDF, "doc.pdf", "application/pdf"],
      ["HTML", Buffer.from("<!doctype html><script>alert(1)</script>"), "a.gif", "image/gif"],
      ["a GIF/HTML polyglot that no decoder reads", BROKEN_GIF_POLYGLOT, "a.gif", "image/gif"],
      ["a truncated PNG", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]), "a.png", "image/png"],
    ])("%s", async (_label, bytes, name, type) => {
      const { user, cookie } = await signedInUser();
      const before = (await (await upload(cookie, await solidImage("png"))).json()).user.avatarUrl;
      const res = await upload(cookie, bytes, { name, type });
      expect(res.status).toBe(415);
      expect((await res.json()).message).toBe("Formato inválido. Envie uma imagem JPEG, PNG, WebP ou GIF.");
      expect(await storedAvatar(user.id)).toBe(before);
      expect(uploadedFiles()).toEqual([before.split("/").pop()]);
    });
  });

  it("re-encodes a GIF that decodes but carries HTML: the stored WebP has no HTML left", async () => {
    const { cookie } = await signedInUser();
    const polyglot = await decodableGifPolyglot();
    expect(polyglot.includes(Buffer.from("<script>"))).toBe(true);
    const res = await upload(cookie, polyglot, { name: "a.gif", type: "image/gif" });
    expect(res.status).toBe(200);
    const stored = readFileSync(uploadPath((await res.json()).user.avatarUrl));
    expect((await sharp(stored).metadata()).format).toBe("webp");
    expect(stored.includes(Buffer.from("<script"))).toBe(false);
    expect(stored.includes(Buffer.from("html"))).toBe(false);
  });

  it("refuses a 68-byte PNG that claims 50,000 × 50,000 pixels without decoding it (413)", async () => {
    const { user, cookie } = await signedInUser();
    const bomb = pngBomb();
    expect(bomb.length).toBe(68);
    const res = await upload(cookie, bomb);
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe("A imagem tem dimensões grandes demais: o máximo é 40 megapixels.");
    expect(await storedAvatar(user.id)).toBeNull();
    expect(uploadedFiles()).toEqual([]);
  });

  it("accepts a file of exactly 5 MB and refuses 5 MB + 1 byte with 413", async () => {
    const { user, cookie } = await signedInUser();
    const png = await solidImage("png");
    // Bytes after the PNG's end are ignored by decoders: the size is all that differs.
    const exact = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES - png.length)]);
    const accepted = await upload(cookie, exact);
    expect(accepted.status).toBe(200);
    const kept = (await accepted.json()).user.avatarUrl;

    const big = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length)]);
    expect(big.length).toBe(MAX_IMAGE_BYTES + 1);
    const res = await upload(cookie, big);
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe("Arquivo muito grande. A imagem deve ter no máximo 5MB.");
    expect(await storedAvatar(user.id)).toBe(kept);
    expect(uploadedFiles()).toEqual([kept.split("/").pop()]);
  });

  it("refuses a declared Content-Length over the limit before reading anything", async () => {
    const { cookie } = await signedInUser();
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const req = new Request(`${BASE_URL}/api/user/avatar`, {
      method: "POST",
      body,
      duplex: "half",
      headers: { cookie, "content-type": "multipart/form-data; boundary=x", "content-length": String(6 * 1024 * 1024) },
    } as RequestInit);
    const res = await POST(req);
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("stops reading a body that lies about its length once past the limit (413, nothing stored)", async () => {
    const { user, cookie } = await signedInUser();
    const CHUNK = 64 * 1024;
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += CHUNK;
        controller.enqueue(new Uint8Array(CHUNK).fill(0x41));
      },
    });
    const req = new Request(`${BASE_URL}/api/user/avatar`, {
      method: "POST",
      body: endless,
      duplex: "half",
      headers: { cookie, "content-type": "multipart/form-data; boundary=x", "content-length": "1000" },
    } as RequestInit);
    const res = await POST(req);
    expect(res.status).toBe(413);
    // Read up to the limit plus at most a chunk or two in flight, never the endless rest.
    expect(sent).toBeLessThanOrEqual(MAX_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES + 3 * CHUNK);
    expect(await storedAvatar(user.id)).toBeNull();
    expect(uploadedFiles()).toEqual([]);
  });

  it("answers 400 naming the field when no `avatar` file is sent, and 400 for a body that is not multipart", async () => {
    const { cookie } = await signedInUser();
    const wrongField = await upload(cookie, await solidImage("png"), { field: "foto" });
    expect(wrongField.status).toBe(400);
    expect((await wrongField.json()).errors).toEqual({ avatar: "Selecione uma imagem." });
    const json = await POST(
      new Request(`${BASE_URL}/api/user/avatar`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: "{}" }),
    );
    expect(json.status).toBe(400);
    expect((await json.json()).message).toBe("Envie a imagem como multipart/form-data.");
  });

  it("answers 401 without a session and 403 for a cross-site upload, storing nothing", async () => {
    const png = await solidImage("png");
    expect((await POST(multipartRequest("/api/user/avatar", { files: { avatar: { bytes: png } } }))).status).toBe(401);
    const { user, cookie } = await signedInUser();
    const cross = await POST(multipartRequest("/api/user/avatar", { cookie, files: { avatar: { bytes: png } }, headers: { origin: "https://evil.example" } }));
    expect(cross.status).toBe(403);
    expect(await storedAvatar(user.id)).toBeNull();
    expect(uploadedFiles()).toEqual([]);
  });

  it("changes only the caller's avatar, whatever ids the form carries", async () => {
    const other = await createUser();
    const { user, cookie } = await signedInUser();
    const res = await POST(
      multipartRequest("/api/user/avatar", {
        cookie,
        fields: { id: other.id, userId: other.id, isAdmin: "true" },
        files: { avatar: { bytes: await solidImage("png") } },
      }),
    );
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ id: user.id, isAdmin: false });
    expect(await storedAvatar(other.id)).toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).isAdmin).toBe(false);
  });
});

describe("POST /api/user/avatar?page= (pages and teams)", () => {
  const uploadTo = async (cookie: string, page: string) =>
    POST(multipartRequest(`/api/user/avatar?page=${page}`, { cookie, files: { avatar: { bytes: await solidImage("png") } } }));

  it("changes the named page's photo only; the upload counts against the account", async () => {
    const { user, cookie } = await signedInUser({ username: "ana" });
    const second = await createPage(user.id, { username: "loja_da_ana" });
    const res = await uploadTo(cookie, "loja_da_ana");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ id: user.id, username: "loja_da_ana" });
    expect(body.user.avatarUrl).toMatch(/^\/uploads\/avatar-[0-9a-f]{32}\.webp$/);
    expect(await storedAvatar(second.id)).toBe(body.user.avatarUrl);
    expect(await storedAvatar(user.id)).toBeNull();
    expect(await db.rateLimit.findUnique({ where: { key: `upload:user:${user.id}` } })).toMatchObject({ count: 1 });
    expect(await db.rateLimit.findUnique({ where: { key: `upload:user:${second.id}` } })).toBeNull();
    // Without ?page=, the first page, as before.
    const first = await (await upload(cookie, await solidImage("jpeg"))).json();
    expect(first.user).toMatchObject({ username: "ana" });
    expect(await storedAvatar(user.id)).toBe(first.user.avatarUrl);
    expect(await storedAvatar(second.id)).toBe(body.user.avatarUrl);
  });

  it("lets an editor change the page's photo, and answers 404 to a caller who does not manage it", async () => {
    const owner = await signedInUser({ username: "dona" });
    const editor = await signedInUser();
    await addMember(owner.user.id, editor.user.id, "editor");
    const res = await uploadTo(editor.cookie, "dona");
    expect(res.status).toBe(200);
    expect(await storedAvatar(owner.user.id)).toBe((await res.json()).user.avatarUrl);
    expect(await storedAvatar(editor.user.id)).toBeNull();

    const stranger = await signedInUser();
    const before = uploadedFiles();
    expect((await uploadTo(stranger.cookie, "dona")).status).toBe(404);
    expect((await uploadTo(stranger.cookie, "ninguem_aqui")).status).toBe(404);
    expect(uploadedFiles()).toEqual(before);
    expect(await storedAvatar(stranger.user.id)).toBeNull();
  });
});
