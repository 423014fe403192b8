import "server-only";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { errorsStrings } from "@/lib/strings/errors";
import { checkDatabase } from "./health";
import { processState } from "./host.mjs";
import { shortPageHtml } from "./short-page";

const strings = { errors: errorsStrings };

// A page (server component) that fails to render goes out from Next as an
// empty document that only JavaScript fills in, in English, with status 500.
// Every page answer that fails so (500, HTML) is replaced by the short pt-BR
// page instead, 503 with Retry-After when the cause is the database being
// unreachable, under `npm start` and `next start` alike: Node's HTTP server
// publishes each request on its built-in diagnostics channel
// "http.server.request.start" before anyone answers it (as for the request
// metrics, lib/server/request-metrics.ts), and the response is guarded there.

interface FailurePage {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function failurePage(): Promise<FailurePage> {
  const down = !(await checkDatabase(1_500));
  return {
    status: down ? 503 : 500,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      ...(down ? { "retry-after": "5" } : {}),
    },
    body: shortPageHtml(down ? strings.errors.unavailable : strings.errors.internal),
  };
}

/** Guards every page answer of this process from now on (start-up, once; a second call does nothing). */
export function guardFailedPages(): void {
  processState("failure-guard", () => {
    subscribe("http.server.request.start", (message) => {
      const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
      guard(request, response);
    });
    return true;
  });
}

/** Headers that describe the failed body, dropped with it. */
const BODY_HEADERS = ["content-length", "content-encoding", "content-type", "etag", "cache-control", "link", "vary", "transfer-encoding"];

type Callback = (error?: Error | null) => void;

/**
 * For a page request (GET or HEAD, not the API, not a build file): a 500 HTML
 * answer is held back (headers and body) and failurePage() is sent instead.
 * Anything else passes as is, the app's own short pages included (the public
 * page's 503 while the database is down, lib/server/http.ts pageFailure): the
 * database is not asked a second time for them.
 */
function guard(req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? "/";
  if ((req.method !== "GET" && req.method !== "HEAD") || url.startsWith("/api/") || url.startsWith("/_next/")) return;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- each is called back with .call(res) or .apply(res)
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  let held = false;
  const isFailedPage = (args: unknown[]) => {
    const status = typeof args[0] === "number" ? args[0] : res.statusCode;
    const headers = (args.find((a) => a && typeof a === "object" && !Array.isArray(a)) ?? {}) as OutgoingHttpHeaders;
    const type = String(res.getHeader("content-type") ?? headers["content-type"] ?? headers["Content-Type"] ?? "");
    return status === 500 && type.startsWith("text/html");
  };
  // Node commits headers through writeHead (flushHeaders and the first write
  // call it too), so this is where the decision is made.
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!held && isFailedPage(args)) held = true;
    if (held) return res;
    return (original.writeHead as (...a: unknown[]) => ServerResponse).apply(res, args);
  };
  res.write = function (chunk: unknown, encoding?: unknown, callback?: unknown) {
    if (!held) return (original.write as (...a: unknown[]) => boolean).call(res, chunk, encoding, callback);
    ((typeof encoding === "function" ? encoding : callback) as Callback | undefined)?.();
    return true;
  } as ServerResponse["write"];
  res.end = function (chunk?: unknown, encoding?: unknown, callback?: unknown) {
    if (!held) return (original.end as (...a: unknown[]) => ServerResponse).call(res, chunk, encoding, callback);
    const done = (typeof chunk === "function" ? chunk : typeof encoding === "function" ? encoding : callback) as Callback | undefined;
    const send = (page: FailurePage) => {
      for (const name of BODY_HEADERS) res.removeHeader(name);
      original.writeHead.call(res, page.status, page.headers);
      (original.end as (...a: unknown[]) => ServerResponse).call(res, req.method === "HEAD" ? undefined : page.body, done);
    };
    failurePage().then(send, () => send({ status: 500, headers: {}, body: "" }));
    return res;
  } as ServerResponse["end"];
}
