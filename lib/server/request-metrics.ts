import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { ROOT_CONTEXT, context, trace, type Context, type ContextManager } from "@opentelemetry/api";
import { BasicTracerProvider, type ReadableSpan, type SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { hostFeatures } from "./host.mjs";
import { routePatternMatcher } from "./route-patterns.mjs";
import { observeRequest } from "./metrics";

// Request counts and latency by route, recorded by the app itself under
// `next start` (under `npm start`, server.mjs counts every request, its own
// answers and Next's alike, and this stays off): Next.js traces every request it handles
// with OpenTelemetry (its documented root span of type
// "BaseServer.handleRequest", with http.method, http.status_code and
// http.target), and this processor
// turns each ended root span into the metrics' series. Nothing is exported
// anywhere. Under `next start` the proxy's redirects and Next's static files
// open no such span and are not counted.

const ROOT_SPAN = "BaseServer.handleRequest";

function requestRecorder(routeOf: (url: string) => string): SpanProcessor {
  return {
    onStart: () => {},
    onEnd(span: ReadableSpan) {
      const a = span.attributes;
      // One root span per request: a nested one is not another request, nor is
      // the outer span a page's render bubbles up through (next.bubble), which
      // Next opens beside the page's own.
      if (a["next.span_type"] !== ROOT_SPAN || span.parentSpanContext || a["next.bubble"] === true) return;
      const target = typeof a["http.target"] === "string" ? a["http.target"] : "/";
      const method = typeof a["http.method"] === "string" ? a["http.method"] : "GET";
      const status = Number(a["http.status_code"] ?? 0) || 200;
      const [seconds, nanos] = span.duration;
      observeRequest(routeOf(target), method, status, seconds + nanos / 1e9);
    },
    forceFlush: () => Promise.resolve(),
    shutdown: () => Promise.resolve(),
  };
}

/**
 * OpenTelemetry's context on Node's AsyncLocalStorage, so that the spans Next
 * opens inside a request are children of its root span (without one, each
 * would look like a request of its own).
 */
function asyncContextManager(): ContextManager {
  const storage = new AsyncLocalStorage<Context>();
  const manager: ContextManager = {
    active: () => storage.getStore() ?? ROOT_CONTEXT,
    with: (ctx, fn, thisArg, ...args) => storage.run(ctx, () => fn.call(thisArg, ...args)),
    bind: (ctx, target) =>
      typeof target === "function" ? (((...args: unknown[]) => storage.run(ctx, () => target(...args))) as typeof target) : target,
    enable: () => manager,
    disable: () => {
      storage.disable();
      return manager;
    },
  };
  return manager;
}

let started = false;

/** Called once at start-up (instrumentation.ts). */
export function startRequestMetrics(): void {
  if (started || hostFeatures()?.countsRequests) return;
  started = true;
  let routeOf: (url: string) => string;
  try {
    routeOf = routePatternMatcher();
  } catch {
    // No build manifest (a test run): paths are not labels, so nothing is named.
    routeOf = () => "(unmatched)";
  }
  context.setGlobalContextManager(asyncContextManager());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [requestRecorder(routeOf)] }));
}
