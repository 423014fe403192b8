import "server-only";
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { HostAnswer } from "./host.mjs";

// An HTML document made once and sent many times: its bytes, ETag and
// compressed forms, and the answer for one request (the public profile, the
// prerendered signed-out pages).

export interface RenderedPage {
  html: Buffer;
  etag: string;
  /** Compressed once per render, not per request. */
  br: Buffer;
  gzip: Buffer;
}

/** A rendered document, its ETag and its compressed forms. */
export function finishPage(markup: string): RenderedPage {
  const html = Buffer.from(`<!DOCTYPE html>${markup}`);
  return {
    html,
    etag: `"${createHash("sha1").update(html).digest("base64url")}"`,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

export interface HtmlAnswer extends HostAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** The encoding an HTML answer is sent in: brotli, else gzip, else none, as the client's Accept-Encoding allows. */
export function preferredEncoding(acceptEncoding: string | null): "br" | "gzip" | null {
  if (/\bbr\b/.test(acceptEncoding ?? "")) return "br";
  if (/\bgzip\b/.test(acceptEncoding ?? "")) return "gzip";
  return null;
}

/** The best encoding the client takes; sets Content-Encoding and Content-Length; no body for HEAD. */
export function negotiateBody(page: RenderedPage, request: { method: string; acceptEncoding: string | null }, headers: Record<string, string>): Buffer | null {
  const encoding = preferredEncoding(request.acceptEncoding);
  const body = encoding ? page[encoding] : page.html;
  if (encoding) headers["content-encoding"] = encoding;
  headers["content-length"] = String(body.length);
  return request.method === "HEAD" ? null : body;
}

