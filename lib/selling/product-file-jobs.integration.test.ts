import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rm, utimes, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { runDueJobs } from "@/lib/startup/app-jobs";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { createUser } from "@/tests/factories";
import { privateDir } from "./product-file-storage";

// The sweep of products' files no row names (lib/selling/product-file-jobs.ts),
// run by the app's jobs as in production: on disk (DATA_DIR/private), and in
// Vercel Blob against a stand-in for its HTTP API on 127.0.0.1, the images'
// sweep (lib/images/blob-orphans.ts) listing the products' own folder. A
// product's live file, a recent upload and anything not ours are kept.

const SELLING = ["MERCADOPAGO_CLIENT_ID", "MERCADOPAGO_CLIENT_SECRET", "MERCADOPAGO_WEBHOOK_SECRET"] as const;
const HOUR_MS = 60 * 60_000;
const TOKEN = "vercel_blob_rw_teststore_segredo";
const HOST = "https://teststore.private.blob.vercel-storage.com";
const key = () => randomBytes(32).toString("hex");

function sellingOn(on: boolean) {
  for (const name of SELLING) {
    if (on) process.env[name] = `teste-${name.toLowerCase()}`;
    else delete process.env[name];
  }
  resetEnvCache();
}

afterAll(() => sellingOn(false));

/** A product block of a new page with its file row under `storageKey`. */
async function productWithFile(storageKey: string) {
  const user = await createUser();
  const block = await db.link.create({
    data: {
      pageId: user.id,
      kind: "product",
      title: "E-book",
      url: "",
      order: 0,
      data: { description: null, priceCents: 2990, delivery: "file", url: null, stock: null },
    },
  });
  await db.productFile.create({ data: { blockId: block.id, storageKey, fileName: "livro.pdf", contentType: "application/pdf", size: 3 } });
  return block;
}

describe("on disk", () => {
  const dir = () => privateDir();
  async function file(name: string, ageMs: number) {
    await mkdir(dir(), { recursive: true });
    const at = path.join(dir(), name);
    await writeFile(at, "pdf");
    const when = new Date(Date.now() - ageMs);
    await utimes(at, when, when);
    return at;
  }
  afterEach(() => rm(dir(), { recursive: true, force: true }));

  it("removes an old file no row names and an old part; keeps a product's live file, a recent one and a foreign name", async () => {
    sellingOn(true);
    const liveKey = key();
    const block = await productWithFile(liveKey);
    const live = await file(liveKey, 3 * HOUR_MS);
    const orphan = await file(key(), 2 * HOUR_MS);
    const recent = await file(key(), 5 * 60_000);
    const part = await file(".part-abc", 2 * HOUR_MS);
    const foreign = await file("leia-me.txt", 2 * HOUR_MS);

    const report = await runDueJobs();
    expect(report["selling.product-file-disk-orphans"]).toEqual({ done: 2, more: false });
    expect([live, orphan, recent, part, foreign].map(existsSync)).toEqual([true, false, true, false, true]);

    // Its block deleted, the row goes with it (cascade): the file is an orphan now.
    await db.link.delete({ where: { id: block.id } });
    expect((await runDueJobs())["selling.product-file-disk-orphans"]).toEqual({ done: 1, more: false });
    expect(existsSync(live)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  });

  it("does not run where selling is off", async () => {
    sellingOn(false);
    const orphan = await file(key(), 2 * HOUR_MS);
    expect(await runDueJobs()).not.toHaveProperty("selling.product-file-disk-orphans");
    expect(existsSync(orphan)).toBe(true);
  });
});

describe("in Vercel Blob", () => {
  interface FakeBlob {
    pathname: string;
    uploadedAt: Date;
  }
  let server: Server;
  let blobs: FakeBlob[] = [];
  const listed: string[] = [];
  const deleted: string[] = [];
  const urlOf = (pathname: string) => `${HOST}/${pathname}`;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        res.setHeader("content-type", "application/json");
        if (req.method === "POST" && req.url === "/delete") {
          const urls = (JSON.parse(Buffer.concat(chunks).toString()) as { urls: string[] }).urls;
          deleted.push(...urls);
          blobs = blobs.filter((b) => !urls.includes(urlOf(b.pathname)));
          return res.end("{}");
        }
        listed.push(req.url!);
        const query = new URL(req.url!, "http://x").searchParams;
        // One page a folder: the listing's prefix chooses the folder.
        const mine = blobs.filter((b) => b.pathname.startsWith(query.get("prefix") ?? ""));
        const body = mine.map((b) => ({
          url: urlOf(b.pathname),
          downloadUrl: `${urlOf(b.pathname)}?download=1`,
          pathname: b.pathname,
          size: 3,
          uploadedAt: b.uploadedAt.toISOString(),
          etag: "x",
        }));
        res.end(JSON.stringify({ blobs: body, hasMore: false }));
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

  it("deletes an old product file no row names; keeps the live one, a recent one, a foreign name and the images' folder", async () => {
    sellingOn(true);
    const liveKey = key();
    await productWithFile(liveKey);
    const old = new Date(Date.now() - 2 * HOUR_MS);
    const live = `products/${liveKey}`;
    const orphan = `products/${key()}`;
    const recent = `products/${key()}`;
    blobs = [
      { pathname: live, uploadedAt: old },
      { pathname: orphan, uploadedAt: old },
      { pathname: recent, uploadedAt: new Date(Date.now() - 5 * 60_000) },
      { pathname: "products/leia-me.txt", uploadedAt: old },
    ];

    const report = await runDueJobs();
    expect(report["selling.product-file-blob-orphans"]).toEqual({ done: 1, more: false });
    expect(deleted).toEqual([urlOf(orphan)]);
    expect(blobs.map((b) => b.pathname).sort()).toEqual([live, recent, "products/leia-me.txt"].sort());
    expect(listed).toContain("/?limit=1000&prefix=products%2F");

    // Listing is billed: a finished sweep is not started again within the hour.
    const lists = listed.filter((l) => l.includes("prefix=products")).length;
    expect((await runDueJobs())["selling.product-file-blob-orphans"]).toEqual({ done: 0, more: false });
    expect(listed.filter((l) => l.includes("prefix=products"))).toHaveLength(lists);
    // An hour later, the upload that was in progress is old and still unreferenced.
    expect((await runDueJobs({ now: new Date(Date.now() + 61 * 60_000) }))["selling.product-file-blob-orphans"]).toEqual({ done: 1, more: false });
    expect(deleted.at(-1)).toBe(urlOf(recent));
    expect(blobs.map((b) => b.pathname).sort()).toEqual([live, "products/leia-me.txt"].sort());
  });
});
