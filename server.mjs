// Production server: Next.js behind a plain node:http listener that
//  - records the socket's address for rate limits (overwriting any header of
//    that name the client sent; X-Forwarded-For is read only with TRUST_PROXY),
//  - answers counts (committed in groups) before Next's router,
//  - answers public profiles (from memory when warm), prerendered signed-out
//    pages and the build's scripts and styles (brotli) itself,
//  - drains in-flight requests on SIGTERM/SIGINT before exiting.
// Requests are counted for /metrics, and a page that failed to render is
// replaced by the short pt-BR page, by the app itself, as under `next start`
// (lib/server/request-metrics.ts and failure-page.ts, from Node's own HTTP
// diagnostics channels).
// It meets the app only through lib/server/host.mjs (typed in host.d.mts):
// the app registers its fast paths there at start-up, and server.mjs says
// there what it adds. Configuration is read by lib/server/env.ts; PORT and
// HOSTNAME are read here only to open the socket.
// On PostgreSQL the app starts its background sender (sender.mjs), which
// sends e-mail and webhook deliveries from a process of its own.
import { createServer } from "node:http";
import next from "next";
import { hostHook, markHost, setSelfOrigin } from "./lib/server/host.mjs";
import { backgroundSender } from "./sender.mjs";

const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || "0.0.0.0";

// The client's address comes from the socket (without server.mjs the app
// trusts no header for it unless told: lib/server/request.ts).
let closing = false;
const inFlight = new Set();
markHost({ setsClientIp: true, sender: backgroundSender({ closing: () => closing }) });
const app = next({ dev: false, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((req, res) => {
  req.headers["x-vitrine-client-ip"] = req.socket.remoteAddress ?? "unknown";
  // What Next adds to every request it routes; set here too so that the fast
  // path and the route handler derive the same public origin.
  req.headers["x-forwarded-host"] ??= req.headers.host;
  req.headers["x-forwarded-proto"] ??= "http";
  if (closing) res.setHeader("connection", "close");
  inFlight.add(res);
  res.on("close", () => inFlight.delete(res));
  // A page's own domain: its paths rewritten to the page's, 404 for any other (lib/domains/host-request.ts).
  const custom = hostHook("customHost")?.(req);
  if (custom) return send(res, custom);
  // Counts (view, click) are answered before Next's router, committed in
  // groups (lib/stats/count-fast-path.ts).
  if (hostHook("countFastPath")?.(req, res)) return;
  // A public profile (lib/profile/fast-path.ts: from memory when warm, else
  // once loaded), a signed-out page already prerendered
  // (lib/server/static-pages.ts) and a build file in brotli
  // (lib/server/static-assets.ts) are answered by the app without Next's
  // router; everything else (and a fast path that settles to null) goes to Next.
  const args = [req.method ?? "GET", req.url ?? "/", req.headers];
  const fast = hostHook("profileFastPath")?.(...args) ?? hostHook("staticPages")?.(...args) ?? hostHook("assetPath")?.(...args);
  if (fast && typeof fast.then === "function") {
    fast.then(
      (answer) => (answer ? send(res, answer) : handle(req, res)),
      () => handle(req, res),
    );
    return;
  }
  if (fast) send(res, fast);
  else handle(req, res);
});

function send(res, answer) {
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body ?? undefined);
}

server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  // Where lib/server/static-pages.ts asks this process for a page to prerender.
  const { address, family } = server.address();
  const self = address === "0.0.0.0" || address === "::" ? "127.0.0.1" : family === "IPv6" ? `[${address}]` : address;
  setSelfOrigin(`http://${self}:${port}`);
  console.log(JSON.stringify({ level: "info", event: "server.listening", url: `http://localhost:${port}` }));
});

function shutdown(signal) {
  if (closing) return;
  closing = true;
  console.log(JSON.stringify({ level: "info", event: "server.draining", signal }));
  // No new connections; the process ends once every connection is closed.
  server.close(() => process.exit(0));
  // Keep-alive connections would otherwise hold the process until their
  // timeout (65 s): responses still to come close their connection, and
  // connections with no request in progress are closed as soon as they are.
  for (const res of inFlight) if (!res.headersSent) res.setHeader("connection", "close");
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 100).unref();
  setTimeout(() => process.exit(1), 15_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
