import { existsSync, readFileSync } from "node:fs";
import sharp from "sharp";
import { POST } from "./route";
import { POST as removeCover } from "./remove/route";
import { GET as getUser, PATCH } from "@/app/api/user/route";
import { db } from "@/lib/server/db";
import { addMember, createPage, createUser, signedInUser } from "@/tests/factories";
import { PDF, clearUploads, multipartRequest, solidImage, uploadPath, uploadedFiles } from "@/tests/helpers/images";
import { request } from "@/tests/helpers/request";

beforeEach(clearUploads);

const settings = {
  aspectRatio: "9:16",
  backgroundColor: "1A2B3C",
  fontColor: "#FFFFFF",
  imageOpacity: "75",
  imagePosition: "top",
  linkButtonColor: "#3b82f6",
  linkButtonOpacity: "40",
};

const postCover = (cookie: string, fields: Record<string, string>, cover?: Uint8Array) =>
  POST(multipartRequest("/api/user/cover", { cookie, fields, files: cover ? { cover: { bytes: cover, type: "image/jpeg" } } : {} }));
const patch = (cookie: string, body: unknown) => PATCH(request("/api/user", { method: "PATCH", body, headers: { cookie } }));
const remove = (cookie: string, body: unknown = {}) => removeCover(request("/api/user/cover/remove", { body, headers: { cookie } }));
/** A first page (its id is its account's) with its account's fields. */
const row = async (id: string) => ({ ...(await db.user.findUniqueOrThrow({ where: { id } })), ...(await db.page.findUniqueOrThrow({ where: { id } })) });

describe("POST /api/user/cover", () => {
  it("stores the cover (fit inside 1600 px, WebP) with every setting, colours normalised to lowercase #rrggbb", async () => {
    const { user, cookie } = await signedInUser();
    const res = await postCover(cookie, settings, await solidImage("jpeg", 3200, 1800));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({
      id: user.id,
      coverAspectRatio: "9:16",
      backgroundColor: "#1a2b3c",
      fontColor: "#ffffff",
      imageOpacity: 75,
      imagePosition: "top",
      linkButtonColor: "#3b82f6",
      linkButtonOpacity: 40,
    });
    expect(body.user.coverUrl).toMatch(/^\/uploads\/cover-[0-9a-f]{32}\.webp$/);
    const meta = await sharp(readFileSync(uploadPath(body.user.coverUrl))).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1600, height: 900 });
    expect(await row(user.id)).toMatchObject({ coverUrl: body.user.coverUrl, backgroundColor: "#1a2b3c" });
  });

  it("keeps a small cover at its own size", async () => {
    const { cookie } = await signedInUser();
    const { user } = await (await postCover(cookie, {}, await solidImage("png", 640, 360))).json();
    expect(await sharp(readFileSync(uploadPath(user.coverUrl))).metadata()).toMatchObject({ width: 640, height: 360 });
  });

  it("saves the settings alone when no file is sent, leaving the cover and absent fields as they were", async () => {
    const { user, cookie } = await signedInUser();
    const first = (await (await postCover(cookie, {}, await solidImage("png"))).json()).user.coverUrl;
    const res = await postCover(cookie, { backgroundColor: "#000000", imageOpacity: "0" });
    expect(res.status).toBe(200);
    expect(await row(user.id)).toMatchObject({ coverUrl: first, backgroundColor: "#000000", imageOpacity: 0, fontColor: "#000000", linkButtonOpacity: 50 });
    expect(existsSync(uploadPath(first))).toBe(true);
  });

  it("answers 400 with an error per field for bad colours, opacities, fits and ratios, changing nothing", async () => {
    const { user, cookie } = await signedInUser();
    const res = await postCover(
      cookie,
      {
        aspectRatio: "4:3",
        backgroundColor: "#12345",
        fontColor: "red",
        imageOpacity: "101",
        imagePosition: "left",
        linkButtonColor: "#GGGGGG",
        linkButtonOpacity: "-1",
      },
      await solidImage("png"),
    );
    expect(res.status).toBe(400);
    const colour = "Cor inválida: use 6 dígitos hexadecimais, como #1a2b3c";
    const opacity = "A opacidade deve ser um número inteiro de 0 a 100";
    expect((await res.json()).errors).toEqual({
      aspectRatio: "Proporção inválida: use 16:9 ou 9:16",
      backgroundColor: colour,
      fontColor: colour,
      imageOpacity: opacity,
      imagePosition: "Ajuste inválido: use cover, contain, center, top ou bottom",
      linkButtonColor: colour,
      linkButtonOpacity: opacity,
    });
    expect(await row(user.id)).toMatchObject({ coverUrl: null, backgroundColor: "#ffffff" });
    expect(uploadedFiles()).toEqual([]);
  });

  it.each([
    ["0", 0],
    ["100", 100],
    [" 55 ", 55],
  ])("accepts opacity %j as %d", async (text, value) => {
    const { cookie } = await signedInUser();
    const { user } = await (await postCover(cookie, { imageOpacity: text, linkButtonOpacity: text })).json();
    expect(user).toMatchObject({ imageOpacity: value, linkButtonOpacity: value });
  });

  it.each(["50.5", "1e2", "", "abc", "1000"])("refuses opacity %j", async (text) => {
    const { cookie } = await signedInUser();
    expect((await postCover(cookie, { imageOpacity: text })).status).toBe(400);
  });

  it("replaces the cover and deletes the old file; refuses a PDF (415) keeping the old cover", async () => {
    const { user, cookie } = await signedInUser();
    const first = (await (await postCover(cookie, {}, await solidImage("png"))).json()).user.coverUrl;
    const second = (await (await postCover(cookie, {}, await solidImage("webp"))).json()).user.coverUrl;
    expect(existsSync(uploadPath(first))).toBe(false);
    expect(existsSync(uploadPath(second))).toBe(true);
    const pdf = await postCover(cookie, { backgroundColor: "#111111" }, PDF);
    expect(pdf.status).toBe(415);
    expect(await row(user.id)).toMatchObject({ coverUrl: second, backgroundColor: "#ffffff" });
    expect(uploadedFiles()).toEqual([second.split("/").pop()]);
  });

  it("changes only the caller's page, whatever ids the form carries", async () => {
    const victim = await createUser();
    const { user, cookie } = await signedInUser();
    const res = await postCover(cookie, { id: victim.id, userId: victim.id, isAdmin: "true", backgroundColor: "#222222" });
    expect((await res.json()).user).toMatchObject({ id: user.id, isAdmin: false, backgroundColor: "#222222" });
    expect((await row(victim.id)).backgroundColor).toBe("#ffffff");
  });
});

describe("POST /api/user/cover/remove", () => {
  it("clears coverUrl and coverAspectRatio and deletes the file", async () => {
    const { user, cookie } = await signedInUser();
    const url = (await (await postCover(cookie, { aspectRatio: "16:9" }, await solidImage("png"))).json()).user.coverUrl;
    const res = await remove(cookie);
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ id: user.id, coverUrl: null, coverAspectRatio: null });
    expect(existsSync(uploadPath(url))).toBe(false);
    expect(await row(user.id)).toMatchObject({ coverUrl: null, coverAspectRatio: null });
  });

  it("works without a cover, and only on the caller's page", async () => {
    const victim = await signedInUser();
    const victimCover = (await (await postCover(victim.cookie, {}, await solidImage("png"))).json()).user.coverUrl;
    const { cookie } = await signedInUser();
    const res = await remove(cookie, { id: victim.user.id, userId: victim.user.id });
    expect(res.status).toBe(200);
    expect((await row(victim.user.id)).coverUrl).toBe(victimCover);
    expect(existsSync(uploadPath(victimCover))).toBe(true);
    expect((await removeCover(request("/api/user/cover/remove", { body: {} }))).status).toBe(401);
  });
});

describe("PATCH /api/user", () => {
  it("changes any of coverAspectRatio, backgroundColor, fontColor, imageOpacity, imagePosition", async () => {
    const { user, cookie } = await signedInUser();
    const res = await patch(cookie, { backgroundColor: "ABCDEF", imageOpacity: 35 });
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ id: user.id, backgroundColor: "#abcdef", imageOpacity: 35, fontColor: "#000000" });
    const all = await patch(cookie, { coverAspectRatio: "9:16", fontColor: "#123ABC", imagePosition: "contain" });
    expect((await all.json()).user).toMatchObject({ coverAspectRatio: "9:16", fontColor: "#123abc", imagePosition: "contain", backgroundColor: "#abcdef" });
  });

  it("answers 400 per field and ignores fields it does not take", async () => {
    const { user, cookie } = await signedInUser();
    const res = await patch(cookie, { backgroundColor: "#fff", imageOpacity: 101, coverAspectRatio: "1:1", imagePosition: 3 });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).errors).sort()).toEqual(["backgroundColor", "coverAspectRatio", "imageOpacity", "imagePosition"]);
    expect((await patch(cookie, { imageOpacity: -1 })).status).toBe(400);
    expect((await patch(cookie, { imageOpacity: 2.5 })).status).toBe(400);
    expect((await patch(cookie, { imageOpacity: "50" })).status).toBe(400); // JSON takes numbers
    expect((await patch(cookie, { imageOpacity: 50 })).status).toBe(200);
    const ignored = await patch(cookie, { isAdmin: true, id: "outro", username: "hacker", coverUrl: "https://evil.example/x.png" });
    expect(ignored.status).toBe(200);
    expect(await row(user.id)).toMatchObject({ isAdmin: false, username: user.username, coverUrl: null });
  });

  it("answers 401 without a session", async () => {
    expect((await PATCH(request("/api/user", { method: "PATCH", body: { fontColor: "#000000" } }))).status).toBe(401);
  });
});

describe("GET /api/user", () => {
  it("keeps every field of the user object and adds hasPassword", async () => {
    const { cookie } = await signedInUser();
    const body = await (await getUser(request("/api/user", { headers: { cookie } }))).json();
    expect(Object.keys(body).sort()).toEqual(
      [
        "id",
        "name",
        "username",
        "email",
        "phone",
        "bio",
        "avatarUrl",
        "coverUrl",
        "coverAspectRatio",
        "backgroundColor",
        "fontColor",
        "imageOpacity",
        "imagePosition",
        "linkButtonColor",
        "linkButtonOpacity",
        "socials",
        "isAdmin",
        "twoFactorEnabled",
        "createdAt",
        "hasPassword",
        "pageActive",
        "deactivationReason",
        "emailVerified",
        "pendingEmail",
        "buttonStyle",
        "buttonShape",
        "fontFamily",
        "sensitive",
        "seoTitle",
        "seoDescription",
        "indexable",
      ].sort(),
    );
    expect(body.hasPassword).toBe(true);
  });
});

describe("POST /api/user/cover?page= and /api/user/cover/remove?page= (pages and teams)", () => {
  const coverOf = (id: string) => db.page.findUniqueOrThrow({ where: { id }, select: { coverUrl: true, backgroundColor: true, coverAspectRatio: true } });

  it("changes and removes the named page's cover only", async () => {
    const { user, cookie } = await signedInUser({ username: "ana" });
    const second = await createPage(user.id, { username: "loja_da_ana" });
    const firstBefore = await coverOf(user.id);
    const res = await POST(
      multipartRequest("/api/user/cover?page=loja_da_ana", {
        cookie,
        fields: { aspectRatio: "16:9", backgroundColor: "#123456" },
        files: { cover: { bytes: await solidImage("png") } },
      }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ username: "loja_da_ana", backgroundColor: "#123456", coverAspectRatio: "16:9" });
    expect(await coverOf(second.id)).toEqual({ coverUrl: body.user.coverUrl, backgroundColor: "#123456", coverAspectRatio: "16:9" });
    expect(await coverOf(user.id)).toEqual(firstBefore);
    expect(await db.rateLimit.findUnique({ where: { key: `upload:user:${user.id}` } })).toMatchObject({ count: 1 });

    // Without ?page= the first page: removing its (absent) cover leaves the second page's.
    expect((await remove(cookie)).status).toBe(200);
    expect((await coverOf(second.id)).coverUrl).toBe(body.user.coverUrl);
    const removed = await removeCover(request("/api/user/cover/remove?page=loja_da_ana", { body: {}, headers: { cookie } }));
    expect((await removed.json()).user).toMatchObject({ username: "loja_da_ana", coverUrl: null, coverAspectRatio: null });
    expect(existsSync(uploadPath(body.user.coverUrl))).toBe(false);
    expect(await coverOf(second.id)).toMatchObject({ coverUrl: null, backgroundColor: "#123456" });
  });

  it("lets an editor change the page's cover, and answers 404 to a caller who does not manage it", async () => {
    const owner = await signedInUser({ username: "dona" });
    const editor = await signedInUser();
    await addMember(owner.user.id, editor.user.id, "editor");
    const res = await POST(
      multipartRequest("/api/user/cover?page=dona", {
        cookie: editor.cookie,
        fields: { fontColor: "#222222" },
        files: { cover: { bytes: await solidImage("png") } },
      }),
    );
    expect(res.status).toBe(200);
    const url = (await res.json()).user.coverUrl;
    expect(await db.page.findUniqueOrThrow({ where: { id: owner.user.id } })).toMatchObject({ coverUrl: url, fontColor: "#222222" });
    expect((await db.page.findUniqueOrThrow({ where: { id: editor.user.id } })).coverUrl).toBeNull();

    const stranger = await signedInUser();
    const files = uploadedFiles();
    const post = await POST(
      multipartRequest("/api/user/cover?page=dona", {
        cookie: stranger.cookie,
        fields: { fontColor: "#ff0000" },
        files: { cover: { bytes: await solidImage("png") } },
      }),
    );
    expect(post.status).toBe(404);
    const cleared = await removeCover(request("/api/user/cover/remove?page=dona", { body: {}, headers: { cookie: stranger.cookie } }));
    expect(cleared.status).toBe(404);
    expect(uploadedFiles()).toEqual(files);
    expect(await db.page.findUniqueOrThrow({ where: { id: owner.user.id } })).toMatchObject({ coverUrl: url, fontColor: "#222222" });

    // The editor may remove it too.
    const gone = await removeCover(request("/api/user/cover/remove?page=dona", { body: {}, headers: { cookie: editor.cookie } }));
    expect(gone.status).toBe(200);
    expect((await db.page.findUniqueOrThrow({ where: { id: owner.user.id } })).coverUrl).toBeNull();
  });
});
