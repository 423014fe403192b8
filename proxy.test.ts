import { NextRequest, type NextResponse } from "next/server";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { resetEnvCache } from "@/lib/server/env";
import { config, proxy } from "./proxy";

// The app's own host: answered at once (only a custom domain's page may wait for the page's fast path).
const visit = (path: string, headers: Record<string, string> = {}) => proxy(new NextRequest(`http://localhost:3000${path}`, { headers })) as NextResponse;
const withSession = { cookie: "authjs.session-token=x" };

const savedEnv = { ...process.env };
function setEnv(values: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
}
afterEach(() => {
  process.env = { ...savedEnv };
  resetEnvCache();
});

/** The directives of a CSP, by name. */
function directives(csp: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (csp ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...v]) => [name!, v]),
  );
}

describe("proxy: redirects", () => {
  it.each(["/dashboard", "/dashboard/add", "/dashboard/edit/x", "/settings", "/cover", "/admin"])(
    "sends a signed-out visitor of %s to /login with the way back",
    (path) => {
      const res = visit(path);
      expect(res.status).toBe(307);
      const location = new URL(res.headers.get("location")!);
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.get("callbackUrl")).toBe(path);
    },
  );

  it("lets a visitor with a session cookie through (the layout checks it)", () => {
    expect(visit("/dashboard", withSession).headers.get("location")).toBeNull();
  });

  it("sends a signed-in visitor of /login and /register to /dashboard", () => {
    for (const path of ["/login", "/register"]) {
      const res = visit(path, withSession);
      expect(new URL(res.headers.get("location")!).pathname).toBe("/dashboard");
    }
  });

  it("lets an expired session reach /login", () => {
    expect(visit("/login?expired=1", withSession).headers.get("location")).toBeNull();
  });
});

describe("proxy: the page's Content-Security-Policy", () => {
  it("allows scripts only with a fresh nonce per request, never 'unsafe-inline'", () => {
    const first = directives(visit("/").headers.get("content-security-policy"));
    const second = directives(visit("/").headers.get("content-security-policy"));
    const nonce = first["script-src"]!.find((s) => s.startsWith("'nonce-"));
    expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==?'$/);
    expect(second["script-src"]).not.toContain(nonce);
    expect(first["script-src"]).toEqual(expect.arrayContaining(["'self'", "'strict-dynamic'"]));
    expect(first["script-src"]).not.toContain("'unsafe-inline'");
    expect(first["script-src"]).not.toContain("'unsafe-eval'");
    expect(first["object-src"]).toEqual(["'none'"]);
    expect(first["base-uri"]).toEqual(["'self'"]);
    expect(first["frame-ancestors"]).toEqual(["'self'"]);
  });

  it("hands the nonce to Next in the request's CSP header (Next puts it on its scripts)", () => {
    const res = visit("/login");
    const csp = res.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    // NextResponse.next({ request: { headers } }) passes overridden request headers this way.
    expect(res.headers.get("x-middleware-override-headers")).toContain("content-security-policy");
    expect(res.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    expect(res.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
  });

  it("allows Google's sign-in script and frame only when GOOGLE_CLIENT_ID is set", () => {
    setEnv({ GOOGLE_CLIENT_ID: undefined });
    const without = visit("/login").headers.get("content-security-policy")!;
    expect(without).not.toContain("google");
    expect(directives(without)["frame-src"]).toEqual(["'none'"]);

    setEnv({ GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com" });
    const withGoogle = directives(visit("/login").headers.get("content-security-policy"));
    expect(withGoogle["script-src"]).toContain("https://accounts.google.com/gsi/client");
    expect(withGoogle["frame-src"]).toEqual(["https://accounts.google.com/gsi/"]);
    expect(withGoogle["connect-src"]).toContain("https://accounts.google.com/gsi/");
    expect(withGoogle["script-src"]).not.toContain("'unsafe-inline'");
  });

  it("sends nosniff, a Referrer-Policy and no framing by other sites, on redirects too", () => {
    for (const res of [visit("/"), visit("/dashboard")]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    }
  });
});

describe("proxy: HSTS only over https", () => {
  const hsts = (headers: Record<string, string> = {}) => visit("/", headers).headers.get("strict-transport-security");

  it("is absent over plain http", () => {
    setEnv({ NEXT_PUBLIC_APP_URL: undefined, TRUST_PROXY: undefined });
    expect(hsts()).toBeNull();
    setEnv({ NEXT_PUBLIC_APP_URL: "http://localhost:3000" });
    expect(hsts()).toBeNull();
  });

  it("is sent when the public address is https", () => {
    setEnv({ NEXT_PUBLIC_APP_URL: "https://vitrine.app", TRUST_PROXY: undefined });
    expect(hsts()).toBe("max-age=63072000; includeSubDomains");
  });

  it("believes X-Forwarded-Proto only from a trusted proxy", () => {
    setEnv({ NEXT_PUBLIC_APP_URL: undefined, TRUST_PROXY: undefined });
    expect(hsts({ "x-forwarded-proto": "https" })).toBeNull();
    setEnv({ TRUST_PROXY: "true" });
    expect(hsts({ "x-forwarded-proto": "https" })).toBe("max-age=63072000; includeSubDomains");
    expect(hsts({ "x-forwarded-proto": "http" })).toBeNull();
  });
});

describe("proxy: which paths it runs on", () => {
  const matches = (url: string) => unstable_doesMiddlewareMatch({ config, url });

  it.each([
    "/",
    "/login",
    "/register",
    "/dashboard",
    "/dashboard/add",
    "/dashboard/edit/abc",
    "/settings",
    "/cover",
    "/admin",
    "/404",
    "/forgot-password",
    "/reset-password?token=abc.def",
    "/verify-email?token=abc.def",
    "/nada/por/aqui",
  ])("runs on the app page %s", (url) => expect(matches(url)).toBe(true));

  // A custom domain's requests may name any page path (lib/domains/host-list.ts): the proxy runs on them,
  // and on the app's own host leaves everything but its pages as they are.
  it.each([
    "/uploads/avatar-0123.webp",
    "/favicon.ico",
    "/icon.svg",
    "/og/ana",
    "/ana",
    "/ana_souza",
    "/ana/abc123",
    "/ana/abc123?continuar=1",
    "/ana/comprar/abc123",
    "/ana/pedido/abc-123?t=x",
    "/robots.txt",
    "/sitemap.xml",
    "/sitemaps/1.xml",
  ])("runs on %s and leaves it as it is on the app's host", (url) => {
    expect(matches(url)).toBe(true);
    const res = visit(url);
    expect(res.headers.get("x-middleware-next")).toBe("1");
    expect(res.headers.get("content-security-policy")).toBeNull();
    expect(res.headers.get("x-middleware-rewrite")).toBeNull();
  });

  // Not the API (Next would hold a body for the proxy and cut it at 10 MB; the route wrapper refuses custom domains itself), nor the build's files.
  it.each(["/api/user", "/api/links/abc/click", "/api/user/avatar", "/_next/static/chunks/app.js", "/_next/image"])("leaves %s alone", (url) =>
    expect(matches(url)).toBe(false),
  );
});
