import { routeCustomHost, withoutSessionCookies } from "./host-list";

describe("routeCustomHost", () => {
  const route = (path: string) => routeCustomHost(path, "ana");

  it("serves the page at / and its own paths", () => {
    expect(route("/")).toEqual({ rewrite: "/ana" });
    expect(route("/?inscricao=ok")).toEqual({ rewrite: "/ana?inscricao=ok" });
    expect(route("/ana")).toEqual({ rewrite: "/ana" });
    expect(route("/ana/cl1nk0000")).toEqual({ rewrite: "/ana/cl1nk0000" });
    expect(route("/ana/cl1nk0000?continuar=1")).toEqual({ rewrite: "/ana/cl1nk0000?continuar=1" });
    expect(route("/cl1nk0000")).toEqual({ rewrite: "/ana/cl1nk0000" });
    expect(route("/robots.txt")).toEqual({ rewrite: "/sitemaps/page/ana/robots.txt" });
    expect(route("/sitemap.xml")).toEqual({ rewrite: "/sitemaps/page/ana/sitemap.xml" });
    for (const path of [
      "/api/profiles/ana/view",
      "/api/links/cl1nk0000/click",
      "/api/subscribe/blk1",
      "/uploads/avatar-1.webp",
      "/og/ana",
      "/icon.svg",
      "/sitemaps/page/ana/robots.txt",
    ]) {
      expect(route(path)).toEqual({ rewrite: path });
    }
  });

  it("rewrites the same way twice (proxy and fast path may both see a request)", () => {
    for (const path of ["/", "/cl1nk0000", "/robots.txt", "/sitemap.xml"]) {
      const once = route(path) as { rewrite: string };
      expect(route(once.rewrite)).toEqual(once);
    }
  });

  it("answers 404 for the app's screens, other APIs, other pages' files", () => {
    for (const path of [
      "/api/user",
      "/api/login",
      "/api/domains",
      "/api/profiles/bia/view",
      "/api/profiles/ana",
      "/dashboard/add",
      "/admin/users",
      "/og/bia",
      "/sitemaps/1.xml",
      "/sitemaps/page/bia/robots.txt",
      "/bia/x/y",
      "/api/cron/jobs",
    ]) {
      expect([path, route(path)]).toEqual([path, { notFound: true }]);
    }
    // A single segment that is no id of its own: another page's name or a screen is a short link that does not exist (404 there).
    expect(route("/bia")).toEqual({ rewrite: "/ana/bia" });
    expect(route("/login")).toEqual({ rewrite: "/ana/login" });
  });
});

describe("withoutSessionCookies", () => {
  it("drops the session's cookies and keeps the others", () => {
    expect(withoutSessionCookies("authjs.session-token=x; vitrine_consent_ana=1; __Secure-authjs.session-token.0=y")).toBe("vitrine_consent_ana=1");
    expect(withoutSessionCookies("authjs.session-token=x")).toBeNull();
    expect(withoutSessionCookies(undefined)).toBeNull();
  });
});
