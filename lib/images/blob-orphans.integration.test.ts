import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { runDueJobs } from "@/lib/startup/app-jobs";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { createPage, createUser } from "@/tests/factories";

// Orphan images in Vercel Blob, against a stand-in for its HTTP API on
// 127.0.0.1 (the client's base URL is configurable): a listing in two pages,
// and the delete call the job makes.

const TOKEN = "vercel_blob_rw_teststore_segredo";
const HOST = "https://teststore.public.blob.vercel-storage.com";
const HOUR_MS = 60 * 60_000;
const name = (kind: string, c: string) => `${kind}-${c.repeat(32)}.webp`;
const urlOf = (pathname: string) => `${HOST}/${pathname}`;

interface FakeBlob {
  pathname: string;
  uploadedAt: Date;
}

let server: Server;
let pages: FakeBlob[][] = [];
let listed: string[] = [];
let deleted: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.method === "POST" && req.url === "/delete") {
        const urls = (JSON.parse(Buffer.concat(chunks).toString()) as { urls: string[] }).urls;
        deleted.push(...urls);
        pages = pages.map((page) => page.filter((b) => !urls.includes(urlOf(b.pathname))));
        return res.end("{}");
      }
      listed.push(req.url!);
      const query = new URL(req.url!, "http://x").searchParams;
      const index = Number(query.get("cursor") ?? "0");
      const blobs = (pages[index] ?? []).map((b) => ({
        url: urlOf(b.pathname),
        downloadUrl: `${urlOf(b.pathname)}?download=1`,
        pathname: b.pathname,
        size: 3,
        uploadedAt: b.uploadedAt.toISOString(),
        etag: "x",
      }));
      const hasMore = index + 1 < pages.length;
      res.end(JSON.stringify({ blobs, hasMore, ...(hasMore ? { cursor: String(index + 1) } : {}) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.VERCEL_BLOB_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.VERCEL_BLOB_RETRIES = "0";
  process.env.BLOB_READ_WRITE_TOKEN = TOKEN;
  resetEnvCache();
});

afterAll(async () => {
  delete process.env.VERCEL_BLOB_API_URL;
  delete process.env.VERCEL_BLOB_RETRIES;
  delete process.env.BLOB_READ_WRITE_TOKEN;
  resetEnvCache();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  pages = [];
  listed = [];
  deleted = [];
});

describe("orphan images in Vercel Blob", () => {
  it("deletes old images no page or link references, page after page; keeps referenced, recent and foreign ones", async () => {
    const old = new Date(Date.now() - 2 * HOUR_MS);
    const recent = new Date(Date.now() - 5 * 60_000);
    const avatar = `images/${name("avatar", "a")}`;
    const cover = `images/${name("cover", "b")}`;
    const thumbnail = `images/${name("thumbnail", "c")}`;
    const orphan = `images/${name("avatar", "d")}`;
    const uploading = `images/${name("cover", "e")}`;
    const laterOrphan = `images/${name("thumbnail", "f")}`;
    const user = await createUser();
    await db.page.update({ where: { id: user.id }, data: { avatarUrl: urlOf(avatar) } });
    // A second page's images are as referenced as the first page's.
    const second = await createPage(user.id);
    await db.page.update({ where: { id: second.id }, data: { coverUrl: urlOf(cover) } });
    await db.link.create({ data: { pageId: second.id, title: "Loja", url: "https://example.com", order: 0, thumbnailUrl: urlOf(thumbnail) } });
    pages = [
      [avatar, cover, thumbnail, orphan, "images/leia-me.txt"]
        .map((pathname) => ({ pathname, uploadedAt: old }))
        .concat([{ pathname: uploading, uploadedAt: recent }]),
      [{ pathname: laterOrphan, uploadedAt: old }],
    ];

    const report = await runDueJobs();
    expect(report["images.blob-orphans"]).toEqual({ done: 2, more: false });
    expect(deleted.sort()).toEqual([urlOf(orphan), urlOf(laterOrphan)].sort());
    expect(listed).toHaveLength(2);
    expect(listed[0]).toBe("/?limit=1000&prefix=images%2F");
    expect(listed[1]).toBe("/?limit=1000&prefix=images%2F&cursor=1");

    // Listing is billed: a finished sweep is not started again within the hour, by any caller.
    expect((await runDueJobs())["images.blob-orphans"]).toEqual({ done: 0, more: false });
    expect(listed).toHaveLength(2);
    // An hour later the upload that was in progress is old, and still unreferenced.
    expect((await runDueJobs({ now: new Date(Date.now() + 61 * 60_000) }))["images.blob-orphans"]).toEqual({ done: 1, more: false });
    expect(listed).toHaveLength(4);
    expect(deleted.at(-1)).toBe(urlOf(uploading));
  });

  it("a Blob service that fails leaves the other jobs running and reports more to do", async () => {
    server.removeAllListeners("request");
    const failing = (_req: unknown, res: import("node:http").ServerResponse) => {
      res.statusCode = 500;
      res.end("{}");
    };
    server.on("request", failing);
    const report = await runDueJobs();
    expect(report["images.blob-orphans"]).toEqual({ done: 0, more: true });
    expect(report["images.upload-parts"]).toEqual({ done: 0, more: false });
  });
});
