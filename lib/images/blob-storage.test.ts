/** @jest-environment node */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { blobStorage } from "./blob-storage";
import { resetEnvCache } from "@/lib/server/env";
import { imageStorage, removeStoredImage } from "./storage";

// A stand-in for the Vercel Blob API on 127.0.0.1 (the client's base URL is
// configurable), to check what we send and that a silent service times out.

const TOKEN = "vercel_blob_rw_teststore_segredo";
const NAME = `cover-${"c".repeat(32)}.webp`;

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

let server: Server;
let seen: Seen[] = [];
let mode: "ok" | "silent" = "ok";

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      if (mode === "silent") return; // never answers
      res.setHeader("content-type", "application/json");
      if (req.url?.startsWith("/delete")) return res.end("{}");
      const pathname = new URL(req.url!, "http://x").searchParams.get("pathname");
      res.end(JSON.stringify({ url: `https://teststore.public.blob.vercel-storage.com/${pathname}`, pathname, contentType: "image/webp" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.VERCEL_BLOB_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.VERCEL_BLOB_RETRIES = "0";
});

afterAll(async () => {
  delete process.env.VERCEL_BLOB_API_URL;
  delete process.env.VERCEL_BLOB_RETRIES;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  mode = "ok";
});

describe("blobStorage", () => {
  it("puts a public, immutable WebP under images/<name> with the token, and deletes it by URL", async () => {
    const storage = blobStorage(TOKEN);
    const url = await storage.save(NAME, new Uint8Array([1, 2, 3]));
    expect(url).toBe(`https://teststore.public.blob.vercel-storage.com/images/${NAME}`);
    expect(seen[0]).toMatchObject({ method: "PUT", url: `/?pathname=images%2F${NAME}` });
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(seen[0]!.headers["x-content-type"]).toBe("image/webp");
    expect(seen[0]!.headers["x-cache-control-max-age"]).toBe("31536000");
    expect(seen[0]!.body).toEqual(Buffer.from([1, 2, 3]));

    expect(storage.owns(url)).toBe(true);
    await storage.remove(url);
    expect(seen[1]).toMatchObject({ method: "POST", url: "/delete" });
    expect(JSON.parse(seen[1]!.body.toString())).toEqual({ urls: [url] });
  });

  it("owns only its own random names: other hosts, paths and names are left alone", async () => {
    const storage = blobStorage(TOKEN);
    for (const url of [
      "https://lh3.googleusercontent.com/a/foto.jpg",
      `https://evil.example/images/${NAME}`,
      `https://teststore.public.blob.vercel-storage.com/outra/${NAME}`,
      "https://teststore.public.blob.vercel-storage.com/images/segredo.pdf",
      `/uploads/${NAME}`,
      "not a url",
    ]) {
      expect([url, storage.owns(url)]).toEqual([url, false]);
      await storage.remove(url);
    }
    expect(seen).toEqual([]);
  });

  it("gives up when the service does not answer within the timeout", async () => {
    mode = "silent";
    const started = Date.now();
    await expect(blobStorage(TOKEN, 300).save(NAME, new Uint8Array([1]))).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe("imageStorage", () => {
  afterEach(() => {
    delete process.env.BLOB_READ_WRITE_TOKEN;
    resetEnvCache();
  });

  it("uses Vercel Blob when BLOB_READ_WRITE_TOKEN is set, the uploads folder otherwise", async () => {
    expect(imageStorage().owns(`/uploads/${NAME}`)).toBe(true);
    process.env.BLOB_READ_WRITE_TOKEN = TOKEN;
    resetEnvCache();
    const url = await imageStorage().save(NAME, new Uint8Array([9]));
    expect(url).toMatch(/^https:\/\/teststore\.public\.blob\.vercel-storage\.com\/images\//);
    await removeStoredImage(url);
    // This image's own requests: the silent test's PUT (body [1]) may reach the stand-in only now, on a loaded machine.
    expect(seen.filter((s) => s.method === "POST" || s.body.equals(Buffer.from([9]))).map((s) => s.method)).toEqual(["PUT", "POST"]);
  });
});
