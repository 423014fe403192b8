import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { routePatternMatcher } from "./route-patterns";

// The metrics' route label: Next's pattern, never the path itself.
function fakeBuild() {
  const root = mkdtempSync(path.join(os.tmpdir(), "vitrine-routes-"));
  mkdirSync(path.join(root, ".next"));
  mkdirSync(path.join(root, "public/img"), { recursive: true });
  writeFileSync(path.join(root, "public/icon.svg"), "");
  writeFileSync(path.join(root, "public/img/a.png"), "");
  writeFileSync(
    path.join(root, ".next/routes-manifest.json"),
    JSON.stringify({
      staticRoutes: [{ page: "/" }, { page: "/_not-found" }, { page: "/api/health" }, { page: "/dashboard" }],
      dynamicRoutes: [
        { page: "/api/links/[id]/click", regex: "^/api/links/([^/]+?)/click(?:/)?$" },
        { page: "/[username]/[linkId]", regex: "^/([^/]+?)/([^/]+?)(?:/)?$" },
        { page: "/[username]", regex: "^/([^/]+?)(?:/)?$" },
      ],
    }),
  );
  return routePatternMatcher(root);
}

describe("routePatternMatcher", () => {
  const pattern = fakeBuild();
  it.each([
    ["/", "/"],
    ["/api/health?x=1", "/api/health"],
    ["/dashboard/", "/dashboard"],
    ["/ana_souza", "/[username]"],
    ["/ana_souza?utm=x", "/[username]"],
    ["/ana/clx123abc", "/[username]/[linkId]"],
    ["/api/links/clx123abc/click", "/api/links/[id]/click"],
    ["/icon.svg", "(static)"],
    ["/img/a.png", "(static)"],
    ["/_next/static/chunks/app.js", "/_next/static"],
    ["/_next/image?url=x", "/_next/image"],
    ["/_not-found", "/[username]"],
    ["/a/b/c/d", "(unmatched)"],
    ["/%E0%A4%A", "/[username]"],
  ])("%s → %s", (url, expected) => {
    expect(pattern(url)).toBe(expected);
  });
});
