import sharp from "sharp";
import { readFileSync } from "node:fs";
import { DELETE, POST } from "./route";
import { DELETE as removeLink } from "@/app/api/links/[id]/route";
import { GET as page } from "@/app/[username]/route";
import { db } from "@/lib/server/db";
import { sweepOrphanUploads } from "@/lib/images/sweep-orphans";
import { signedInUser } from "@/tests/factories";
import { BROKEN_GIF_POLYGLOT, PDF, SVG, clearUploads, multipartRequest, solidImage, uploadPath, uploadedFiles } from "@/tests/helpers/images";
import { seedLinks } from "@/tests/helpers/links";
import { params, request } from "@/tests/helpers/request";

// api.md, Links (second release): a link's thumbnail goes through the
// avatar's pipeline (content sniffed, SVG refused, re-encoded, random name).

const upload = (cookie: string, id: string, bytes: Uint8Array, field = "thumbnail") =>
  POST(multipartRequest(`/api/links/${id}/thumbnail`, { cookie, files: { [field]: { bytes, name: "x.png", type: "image/png" } } }), params({ id }));

beforeEach(clearUploads);

describe("POST/DELETE /api/links/:id/thumbnail", () => {
  it("stores a re-encoded 96×96 WebP, answers the link with thumbnailUrl and shows it on the button", async () => {
    const { user, cookie } = await signedInUser({ username: "thumbs" });
    const [link] = await seedLinks(user.id, 1);
    const res = await upload(cookie, link!.id, await solidImage("jpeg", 640, 480));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: link!.id, kind: "link" });
    expect(body.thumbnailUrl).toMatch(/^\/uploads\/thumbnail-[0-9a-f]{32}\.webp$/);
    expect(await sharp(readFileSync(uploadPath(body.thumbnailUrl))).metadata()).toMatchObject({ format: "webp", width: 96, height: 96 });
    const html = await (await page(request("/thumbs"), params({ username: "thumbs" }))).text();
    expect(html).toContain(`<img class="vp-thumb" src="${body.thumbnailUrl}" alt=""`);

    // A replacement deletes the old file; DELETE removes the last one.
    const second = await (await upload(cookie, link!.id, await solidImage("png", 50, 50))).json();
    expect(uploadedFiles()).toEqual([second.thumbnailUrl.split("/").pop()]);
    const cleared = await DELETE(request(`/api/links/${link!.id}/thumbnail`, { method: "DELETE", headers: { cookie } }), params({ id: link!.id }));
    expect(await cleared.json()).toMatchObject({ thumbnailUrl: null });
    expect(uploadedFiles()).toEqual([]);
  });

  it.each([
    ["an SVG", SVG],
    ["a PDF named .png", PDF],
    ["a GIF that is really HTML", BROKEN_GIF_POLYGLOT],
  ])("refuses %s with 415 and stores nothing", async (_label, bytes) => {
    const { user, cookie } = await signedInUser();
    const [link] = await seedLinks(user.id, 1);
    const res = await upload(cookie, link!.id, bytes);
    expect(res.status).toBe(415);
    expect(uploadedFiles()).toEqual([]);
    expect((await db.link.findUniqueOrThrow({ where: { id: link!.id } })).thumbnailUrl).toBeNull();
  });

  it("answers 404 for someone else's link (nothing stored), 401 without a session, 400 without the file", async () => {
    const { user } = await signedInUser();
    const other = await signedInUser();
    const [link] = await seedLinks(user.id, 1);
    expect((await upload(other.cookie, link!.id, await solidImage("png"))).status).toBe(404);
    expect((await upload("", link!.id, await solidImage("png"))).status).toBe(401);
    const mine = await seedLinks(other.user.id, 1);
    const missing = await upload(other.cookie, mine[0]!.id, await solidImage("png"), "avatar");
    expect(missing.status).toBe(400);
    expect(uploadedFiles()).toEqual([]);
    const del = await DELETE(request(`/api/links/${link!.id}/thumbnail`, { method: "DELETE", headers: { cookie: other.cookie } }), params({ id: link!.id }));
    expect(del.status).toBe(404);
  });

  it("deletes the file with its link, and the orphan sweep keeps a thumbnail still in use", async () => {
    const { user, cookie } = await signedInUser();
    const [a, b] = await seedLinks(user.id, 2);
    const kept = (await (await upload(cookie, a!.id, await solidImage("png"))).json()).thumbnailUrl as string;
    await upload(cookie, b!.id, await solidImage("png"));
    expect(uploadedFiles()).toHaveLength(2);
    await removeLink(request(`/api/links/${b!.id}`, { method: "DELETE", headers: { cookie } }), params({ id: b!.id }));
    expect(uploadedFiles()).toEqual([kept.split("/").pop()]);
    expect(await sweepOrphanUploads(undefined, Date.now() + 2 * 60 * 60 * 1000)).toBe(0);
    expect(uploadedFiles()).toEqual([kept.split("/").pop()]);
  });
});
