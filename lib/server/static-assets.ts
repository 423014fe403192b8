import "server-only";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import { processState, provideHook, type NodeHeaders } from "./host.mjs";
import { BASE_SECURITY_HEADERS } from "./base-headers";
import type { HtmlAnswer } from "./html-answer";

// The build's scripts and styles (/_next/static, named by content, never
// changed) for browsers that take brotli: compressed once at the highest
// quality, in the background, then served from memory by server.mjs. Next's
// own handler sends them with gzip, compressed again for every request; it
// still answers everything else (other encodings, a file not compressed yet).

type AssetPath = (method: string, url: string, headers: NodeHeaders) => HtmlAnswer | null;

const PREFIX = "/_next/static/";
const TYPES: Record<string, string> = { ".js": "application/javascript; charset=UTF-8", ".css": "text/css; charset=UTF-8" };
/** The headers next.config.ts gives every path but /uploads, and Next's own for these files. */
const HEADERS = {
  ...BASE_SECURITY_HEADERS,
  "cache-control": "public, max-age=31536000, immutable",
  vary: "Accept-Encoding",
};
const MAX_FILES = 2_000;
const compress = promisify(brotliCompress);

interface Asset {
  br: Buffer;
  etag: string;
  type: string;
}
const assets = processState("static-assets", () => new Map<string, Asset | "pending" | "none">());
const root = path.join(process.cwd(), ".next", "static");

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(", ") : v) ?? "";

const serveAsset: AssetPath = (method, url, headers) => {
  if ((method !== "GET" && method !== "HEAD") || !url.startsWith(PREFIX) || !/\bbr\b/.test(one(headers["accept-encoding"]))) return null;
  // Names Next writes: no query, no dot segments, no escapes.
  if (!/^\/_next\/static\/[A-Za-z0-9_\-./]+$/.test(url) || url.includes("..")) return null;
  const type = TYPES[path.extname(url)];
  if (!type) return null;
  const asset = assets.get(url);
  if (asset === undefined) load(url, type);
  if (typeof asset !== "object") return null;
  const out: Record<string, string> = { ...HEADERS, "content-type": asset.type, etag: asset.etag };
  if (one(headers["if-none-match"]) === asset.etag) return { status: 304, headers: out, body: null };
  out["content-encoding"] = "br";
  out["content-length"] = String(asset.br.length);
  return { status: 200, headers: out, body: method === "HEAD" ? null : asset.br };
};

function load(url: string, type: string) {
  if (assets.size >= MAX_FILES) return;
  assets.set(url, "pending");
  readFile(path.join(root, url.slice(PREFIX.length)))
    .then(async (bytes) => {
      const br = await compress(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
      assets.set(url, { br, type, etag: `"${createHash("sha1").update(bytes).digest("base64url")}"` });
    })
    // Not a file of this build: Next answers (404), as it would.
    .catch(() => assets.set(url, "none"));
}

/** Hands serveAsset to server.mjs (outside the bundle), as the profile fast path is. */
export function registerStaticAssets() {
  provideHook("assetPath", serveAsset);
}
