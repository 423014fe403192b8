/** @jest-environment node */
import { createHash } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { SESSION_COOKIES } from "@/lib/auth/routes";
import { hostHook, setSelfOrigin } from "./host.mjs";
import { PRERENDERED_PAGES, registerPrerenderedPages, wantsSignedOutDocument } from "./static-pages";

// The fast path against a stand-in for Next on a real socket: it renders a
// page with a fresh nonce per request, as the app does.

let upstream: Server;
const seen: IncomingHttpHeaders[] = [];
let loginStatus = 200;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen.push(req.headers);
    const nonce = Buffer.from(String(Math.random())).toString("base64");
    const status = req.url === "/404" ? 404 : req.url === "/login" ? loginStatus : 200;
    res.writeHead(status, {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      vary: "rsc, Accept-Encoding",
    });
    res.end(`<!DOCTYPE html><html lang="pt-BR"><body><p>${req.headers.host}${req.url}</p><script nonce="${nonce}">go(1)</script></body></html>`);
  });
  await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
  setSelfOrigin(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  registerPrerenderedPages(SESSION_COOKIES);
});
afterAll(() => new Promise<void>((r) => upstream.close(() => r())));

const serve = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  hostHook("staticPages")!(method, url, { host: "vitrine.test", ...headers });

async function warm(url: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 50; i++) {
    const answer = serve(url, headers);
    if (answer) return answer;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} never prerendered`);
}

describe("prerendered signed-out pages", () => {
  it("are rendered once through the server, then served from memory under a hash-based policy", async () => {
    expect(serve("/register")).toBeNull(); // the first request goes on through Next
    const answer = await warm("/register", { "accept-encoding": "gzip" });
    expect(answer.status).toBe(200);
    const html = gunzipSync(answer.body!).toString();
    expect(html).toBe('<!DOCTYPE html><html lang="pt-BR"><body><p>vitrine.test/register</p><script>go(1)</script></body></html>');
    const hash = createHash("sha256").update("go(1)").digest("base64");
    expect(answer.headers["content-security-policy"]).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(answer.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(answer.headers).toMatchObject({
      "content-type": "text/html; charset=utf-8",
      "content-encoding": "gzip",
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "SAMEORIGIN",
      "permissions-policy": "camera=(), microphone=(), geolocation=()",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      vary: "rsc, Accept-Encoding",
    });
    // The render request carried nothing of the visitor's but the address headers.
    const render = seen.find((h) => h["x-vitrine-prerender"]);
    expect(render?.cookie).toBeUndefined();
    expect(render?.host).toBe("vitrine.test");

    expect(serve("/register", { "if-none-match": answer.headers.etag! })?.status).toBe(304);
    expect(serve("/register", {}, "HEAD")?.body).toBeNull();
    expect(serve("/register")?.body?.toString()).toContain("<script>go(1)</script>");
  });

  it("keep the status of the page (404) and one document per public host", async () => {
    expect((await warm("/404")).status).toBe(404);
    const other = await warm("/", { host: "outra.test" });
    expect(other.body!.toString()).toContain("outra.test/");
  });

  it("are not served to a session, a query, Next's own requests, other methods or paths", async () => {
    await warm("/register");
    expect(serve("/register", { cookie: "a=1; authjs.session-token=x" })).toBeNull();
    expect(serve("/register", { cookie: "__Secure-authjs.session-token.0=x" })).toBeNull();
    expect(serve("/register", { cookie: "a=1" })).not.toBeNull();
    expect(serve("/register?username=bia")).toBeNull();
    expect(serve("/register", { rsc: "1" })).toBeNull();
    expect(serve("/register", { "next-router-prefetch": "1" })).toBeNull();
    expect(serve("/register", {}, "POST")).toBeNull();
    expect(serve("/register/")).toBeNull();
    expect(serve("/dashboard")).toBeNull();
    expect(wantsSignedOutDocument({ "x-vitrine-prerender": "1" })).toBe(false);
  });

  it("are not kept when the render does not answer the page's status", async () => {
    loginStatus = 500;
    expect(serve("/login")).toBeNull();
    await new Promise((r) => setTimeout(r, 300));
    expect(serve("/login")).toBeNull();
    expect(seen.filter((h) => h["x-vitrine-prerender"] && h.host === "vitrine.test").length).toBeGreaterThan(0);
  });

  it("include the pages of the second release", () => {
    expect(Object.keys(PRERENDERED_PAGES)).toEqual(expect.arrayContaining(["/", "/login", "/register", "/forgot-password", "/reset-password", "/404"]));
  });
});
