import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { linkIdSchema } from "@/lib/links/link-schemas";
import { BASE_SECURITY_HEADERS } from "@/lib/server/base-headers";
import { AppError, toErrorResponse } from "@/lib/server/errors";
import { provideHook } from "@/lib/server/host.mjs";
import { isCrossSiteWrite, type RequestHead } from "@/lib/server/request";
import { parseCountBodyText, recordLinkClick, recordProfileView } from "./counting";
import { COUNT_BODY_LIMIT, viewParamsSchema } from "./stats-schemas";

// The custom server (server.mjs) hands POST /api/profiles/:username/view and
// POST /api/links/:id/click to this function before Next's router: the same
// checks and feature functions as the route handlers (CSRF, params schema,
// counting order, group commit), without the router's cost per request.

type CountFastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

const VIEW = /^\/api\/profiles\/([^/?#]+)\/view(?:\?.*)?$/;
const CLICK = /^\/api\/links\/([^/?#]+)\/click(?:\?.*)?$/;

/** What the route handler's answer carries under Next (next.config.ts adds the security headers). */
const HEADERS = {
  "cache-control": "no-store",
  ...BASE_SECURITY_HEADERS,
};

const countFastPath: CountFastPath = (req, res) => {
  if (req.method !== "POST" || !req.url) return false;
  const view = VIEW.exec(req.url);
  const click = view ? null : CLICK.exec(req.url);
  if (!view && !click) return false;
  void answer(req, res, view ? "view" : "click", (view ?? click)![1]!);
  return true;
};

async function answer(req: IncomingMessage, res: ServerResponse, kind: "view" | "click", rawTarget: string) {
  try {
    const request = headOf(req);
    if (isCrossSiteWrite(request)) throw new AppError("cross_site");
    const target = decodeURIComponent(rawTarget);
    const text = parseCountBodyText(await readNodeBody(req));
    if (kind === "view") await recordProfileView(request, viewParamsSchema.parse({ username: target }).username, text);
    else await recordLinkClick(request, linkIdSchema.parse({ id: target }).id, text);
    res.writeHead(204, HEADERS).end();
  } catch (error) {
    const { status, body, headers } = toErrorResponse(error instanceof URIError ? new AppError("not_found") : error);
    res.writeHead(status, { ...HEADERS, "content-type": "application/json; charset=utf-8", ...headers }).end(JSON.stringify(body));
  }
}

/**
 * What counting reads of the request, straight from Node's (no web Request
 * is built: it cost more than the rest of a count's work in this process).
 * Node lowercases header names and joins repeated ones with ", " as Headers does.
 */
function headOf(req: IncomingMessage): RequestHead {
  return {
    method: "POST",
    url: `http://${req.headers.host ?? "localhost"}${req.url}`,
    headers: {
      get(name) {
        const value = req.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
      },
    },
  };
}

/** At most COUNT_BODY_LIMIT bytes: a larger declared or actual body is 413. */
function readNodeBody(req: IncomingMessage): Promise<Uint8Array> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > COUNT_BODY_LIMIT) return Promise.reject(new AppError("payload_too_large"));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > COUNT_BODY_LIMIT) {
        req.removeAllListeners("data");
        reject(new AppError("payload_too_large"));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", () => reject(new AppError("invalid_input")));
  });
}

export function registerCountFastPath() {
  provideHook("countFastPath", countFastPath);
}
