import "server-only";
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { HostAnswer } from "./host.mjs";

// An HTML document made once and sent many times: its bytes, ETag and
// compressed forms, and the answer for one request (the public profile, the
// prerendered signed-out pages).

export interface RenderedPage {
  readonly html: Buffer;
  readonly etag: string;
  /** Compressed at most once per render, on the first request that takes it (never, under next start, whose router compresses). */
  readonly br: Buffer;
  readonly gzip: Buffer;
  /** Headers of this document's own (a public page's CSP, which names its script's hash). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Brotli's quality 8: on a 16 KB profile page it is within a few bytes of
 * quality 9 (3,857 against 3,856 B) at a tenth of the time (0.4 against
 * 4–5 ms), which was most of the CPU a page nobody had opened yet cost.
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 8 } };

/** A rendered document, its ETag and its compressed forms (each made when first asked for). */
export function finishPage(markup: string, headers?: Record<string, string>): RenderedPage {
  const html = Buffer.from(`<!DOCTYPE html>${markup}`);
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    html,
    headers,
    etag: `"${createHash("sha1").update(html).digest("base64url")}"`,
    get br() {
      return (br ??= brotliCompressSync(html, { params: { ...BROTLI.params, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } }));
    },
    get gzip() {
      return (gzip ??= gzipSync(html, { level: 9 }));
    },
  };
}

export interface HtmlAnswer extends HostAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** The encoding an HTML answer is sent in: brotli, else gzip, else none, as the client's Accept-Encoding allows. */
function preferredEncoding(acceptEncoding: string | null): "br" | "gzip" | null {
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
