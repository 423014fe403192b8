import "server-only";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import { processState } from "./host.mjs";
import { routePatternMatcher } from "./route-patterns";
import { observeRequest } from "./metrics";

// Request counts and latency by route pattern, for /metrics, recorded the same
// way under `npm start` and `next start`: Node's HTTP server publishes each
// request's start and its response's finish on its built-in diagnostics
// channels (node:diagnostics_channel, "http.server.request.start" and
// "http.server.response.finish"), whoever created the server. So every
// request is counted, whoever answers it: the fast paths of server.mjs, the
// proxy's redirects, Next's static files and its routes. No span, no
// AsyncLocalStorage, nothing leaves the process. (Next's OpenTelemetry root
// span did this before: under `next start` it cost a quarter of a counted
// click's throughput, and missed the redirects and static files.)

interface HttpMessage {
  request: IncomingMessage;
  response: ServerResponse;
}

const START = Symbol("vitrine.request-start");

interface Started {
  at: bigint;
  /** The path asked for, read before anyone routes (Next rewrites req.url). */
  url: string;
  method: string;
}

type TimedResponse = ServerResponse & { [START]?: Started };

/** Starts counting (instrumentation.ts, once per process; a second call does nothing). */
export function startRequestMetrics(): void {
  processState("request-metrics", () => {
    let routeOf: (url: string) => string;
    try {
      routeOf = routePatternMatcher();
    } catch {
      // No build manifest (a test run): paths are not labels, so nothing is named.
      routeOf = () => "(unmatched)";
    }
    // The module-level subscribe keeps its channel alive (a channel object
    // alone may be collected with its subscribers).
    subscribe("http.server.request.start", (message) => {
      const { request, response } = message as HttpMessage;
      (response as TimedResponse)[START] = { at: process.hrtime.bigint(), url: request.url ?? "/", method: request.method ?? "GET" };
    });
    subscribe("http.server.response.finish", (message) => {
      const response = (message as HttpMessage).response as TimedResponse;
      const started = response[START];
      if (!started) return;
      response[START] = undefined;
      const seconds = Number(process.hrtime.bigint() - started.at) / 1e9;
      observeRequest(routeOf(started.url), started.method, response.statusCode, seconds);
    });
    return true;
  });
}
