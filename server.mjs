// Production server: Next.js behind a plain node:http listener that
//  - records the socket's address for rate limits (overwriting any header of
//    that name the client sent; X-Forwarded-For is read only with TRUST_PROXY),
//  - drains in-flight requests on SIGTERM/SIGINT before exiting.
// Configuration is read by lib/server/env.ts; PORT and HOSTNAME are read here
// only to open the socket.
import { createServer } from "node:http";
import next from "next";

const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || "0.0.0.0";
const app = next({ dev: false, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((req, res) => {
  req.headers["x-vitrine-client-ip"] = req.socket.remoteAddress ?? "unknown";
  // What Next adds to every request it routes; set here too so that the fast
  // path and the route handler derive the same public origin.
  req.headers["x-forwarded-host"] ??= req.headers.host;
  req.headers["x-forwarded-proto"] ??= "http";
  // A warm public profile is answered from the app's own cache (see
  // lib/profile/fast-path.ts); everything else goes to Next.
  const fast = globalThis.__vitrineProfileFastPath?.(req.method ?? "GET", req.url ?? "/", req.headers);
  if (fast) {
    res.writeHead(fast.status, fast.headers);
    res.end(fast.body ?? undefined);
    return;
  }
  handle(req, res);
});
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  console.log(JSON.stringify({ level: "info", event: "server.listening", url: `http://localhost:${port}` }));
});

let closing = false;
function shutdown(signal) {
  if (closing) return;
  closing = true;
  console.log(JSON.stringify({ level: "info", event: "server.draining", signal }));
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 15_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
