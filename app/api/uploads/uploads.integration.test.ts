import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { PUT } from "./[uploadId]/[index]/route";
import { POST as postAvatar } from "@/app/api/user/avatar/route";
import { POST as postCover } from "@/app/api/user/cover/route";
import { MAX_IMAGE_BYTES } from "@/lib/images/image-rules";
import { UPLOAD_PART_BYTES } from "@/lib/images/upload-schemas";
import { db } from "@/lib/server/db";
import { imagesStrings } from "@/lib/strings/images";
import { addMember, signedInUser } from "@/tests/factories";
import { clearUploads, multipartRequest, solidImage, uploadPath } from "@/tests/helpers/images";
import { BASE_URL, params } from "@/tests/helpers/request";

// A serverless host refuses request bodies over 4.5 MB: an image of up to 5 MB
// goes in parts of at most 4 MiB, then the upload names them.

const newId = () => randomBytes(16).toString("hex");

function putPart(cookie: string, uploadId: string, index: number, bytes: Uint8Array) {
  const req = new Request(`${BASE_URL}/api/uploads/${uploadId}/${index}`, {
    method: "PUT",
    headers: { cookie, "content-type": "application/octet-stream", "x-vitrine-client-ip": "203.0.113.10" },
    body: bytes as BodyInit,
  });
  return PUT(req, params({ uploadId, index: String(index) }));
}

async function sendInParts(cookie: string, bytes: Uint8Array, uploadId = newId()) {
  for (let i = 0, at = 0; at < bytes.length; i++, at += UPLOAD_PART_BYTES) {
    const res = await putPart(cookie, uploadId, i, bytes.subarray(at, at + UPLOAD_PART_BYTES));
    expect(res.status).toBe(204);
  }
  return uploadId;
}

/** A real photo of about 5 MB: random noise does not compress. */
let photo: Buffer;
beforeAll(async () => {
  const side = 2_150;
  const raw = randomBytes(side * side * 3);
  photo = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 96 })
    .toBuffer();
  // Over the host's 4.5 MB limit, within the app's 5 MB.
  expect(photo.length).toBeGreaterThan(4_718_592);
  expect(photo.length).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
});
beforeEach(clearUploads);

describe("PUT /api/uploads/:uploadId/:index, then an upload that names it", () => {
  it("a 5 MB photo sent in two parts becomes the avatar, re-encoded; its parts are gone", async () => {
    const { user, cookie } = await signedInUser();
    const uploadId = await sendInParts(cookie, photo);
    expect(await db.uploadPart.count({ where: { uploadId } })).toBe(2);

    const res = await postAvatar(multipartRequest("/api/user/avatar", { cookie, fields: { avatar: uploadId } }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user.avatarUrl).toMatch(/^\/uploads\/avatar-[0-9a-f]{32}\.webp$/);
    const meta = await sharp(readFileSync(uploadPath(body.user.avatarUrl))).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 400, height: 400 });
    expect(await db.uploadPart.count({ where: { userId: user.id } })).toBe(0);

    // An upload is used once.
    const again = await postAvatar(multipartRequest("/api/user/avatar", { cookie, fields: { avatar: uploadId } }));
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(imagesStrings.missingFile);
  });

  it("an editor's parts become the photo of the page named by ?page= (parts belong to the person)", async () => {
    const owner = await signedInUser({ username: "dona" });
    const editor = await signedInUser();
    await addMember(owner.user.id, editor.user.id, "editor");
    const uploadId = await sendInParts(editor.cookie, await solidImage("png"));
    // Another person cannot use the editor's parts, even on a page both manage.
    expect((await postAvatar(multipartRequest("/api/user/avatar?page=dona", { cookie: owner.cookie, fields: { avatar: uploadId } }))).status).toBe(400);
    const res = await postAvatar(multipartRequest("/api/user/avatar?page=dona", { cookie: editor.cookie, fields: { avatar: uploadId } }));
    expect(res.status).toBe(200);
    const url = (await res.json()).user.avatarUrl;
    expect((await db.page.findUniqueOrThrow({ where: { id: owner.user.id } })).avatarUrl).toBe(url);
    expect((await db.page.findUniqueOrThrow({ where: { id: editor.user.id } })).avatarUrl).toBeNull();
    expect(await db.uploadPart.count({ where: { uploadId } })).toBe(0);
  });

  it("the cover takes an upload in parts with its other fields", async () => {
    const { cookie } = await signedInUser();
    const uploadId = await sendInParts(cookie, photo);
    const res = await postCover(multipartRequest("/api/user/cover", { cookie, fields: { cover: uploadId, aspectRatio: "16:9" } }));
    expect(res.status).toBe(200);
    expect((await res.json()).user.coverUrl).toMatch(/^\/uploads\/cover-[0-9a-f]{32}\.webp$/);
  });

  it("a part over 4 MiB is refused with the app's pt-BR message and stores nothing", async () => {
    const { cookie } = await signedInUser();
    const uploadId = newId();
    const res = await putPart(cookie, uploadId, 0, new Uint8Array(UPLOAD_PART_BYTES + 1));
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe(imagesStrings.tooLarge);
    expect(await db.uploadPart.count({ where: { uploadId } })).toBe(0);
  });

  it("parts adding up to more than 5 MB are refused", async () => {
    const { cookie } = await signedInUser();
    const uploadId = newId();
    expect((await putPart(cookie, uploadId, 0, new Uint8Array(UPLOAD_PART_BYTES))).status).toBe(204);
    const res = await putPart(cookie, uploadId, 1, new Uint8Array(MAX_IMAGE_BYTES - UPLOAD_PART_BYTES + 1));
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe(imagesStrings.tooLarge);
  });

  it("another person's upload id is a 404 for parts and never lends its bytes", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const uploadId = await sendInParts(owner.cookie, photo);

    expect((await putPart(other.cookie, uploadId, 1, new Uint8Array(10))).status).toBe(404);
    const stolen = await postAvatar(multipartRequest("/api/user/avatar", { cookie: other.cookie, fields: { avatar: uploadId } }));
    expect(stolen.status).toBe(400);
    expect(await db.uploadPart.count({ where: { uploadId, userId: owner.user.id } })).toBe(2);
    const mine = await postAvatar(multipartRequest("/api/user/avatar", { cookie: owner.cookie, fields: { avatar: uploadId } }));
    expect(mine.status).toBe(200);
  });

  it("bytes that are no image get the same pt-BR error as a direct upload", async () => {
    const { cookie } = await signedInUser();
    const uploadId = await sendInParts(cookie, new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'></svg>"));
    const res = await postAvatar(multipartRequest("/api/user/avatar", { cookie, fields: { avatar: uploadId } }));
    expect(res.status).toBe(415);
    expect((await res.json()).message).toBe(imagesStrings.unsupported);
  });

  it("a retried part replaces itself; a missing part or a bad id is refused; signed out is 401", async () => {
    const { cookie } = await signedInUser();
    const uploadId = newId();
    await putPart(cookie, uploadId, 1, new Uint8Array([1, 2, 3]));
    const gap = await postAvatar(multipartRequest("/api/user/avatar", { cookie, fields: { avatar: uploadId } }));
    expect(gap.status).toBe(400);

    const retried = newId();
    await putPart(cookie, retried, 0, new Uint8Array([1]));
    await putPart(cookie, retried, 0, new Uint8Array([1, 2]));
    const rows = await db.uploadPart.findMany({ where: { uploadId: retried } });
    expect(rows.map((r) => r.bytes.byteLength)).toEqual([2]);

    expect((await putPart(cookie, "curto", 0, new Uint8Array([1]))).status).toBe(400);
    expect((await putPart(cookie, uploadId, 2, new Uint8Array([1]))).status).toBe(400);
    expect((await putPart("", newId(), 0, new Uint8Array([1]))).status).toBe(401);
  });
});
