/** @jest-environment jsdom */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { PAGE_ENDPOINTS, scopedApiPath } from "@/lib/client/page-scope";
import { PAGE_PERMISSIONS } from "@/lib/permissions/page-permissions";

// The browser adds the screen's ?page= to exactly the endpoints whose route
// reads its page from ?page= (issue 46): the route files that declare a page
// permission in route() (without pageFrom: "path") or read pageParam(). A
// route that names its page in the path (/api/pages/{id}/…) or acts on no
// page gets its address unchanged.

const root = path.resolve(__dirname, "../..");

function routeFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) return routeFiles(rel);
    return name === "route.ts" ? [rel] : [];
  });
}

/** The route pattern a route file serves: app/api/links/[id]/route.ts → /api/links/[id]. */
const patternOf = (file: string) => `/${path.dirname(file).split(path.sep).slice(1).join("/")}`;

interface Declared {
  /** Permissions of route() calls that read their page from ?page=. */
  query: string[];
  /** Permissions of route() calls that read it from the path. */
  path: string[];
  /** The handler reads ?page= itself. */
  readsParam: boolean;
}

/** What a route file's route() calls declare about their page. */
function declaredPages(text: string): Declared {
  const calls = text.split(/\broute\(\{/).slice(1);
  const out: Declared = { query: [], path: [], readsParam: /\bpageParam\(/.test(text) };
  for (const call of calls) {
    const permission = call.match(/^\s*page:\s*"([^"]+)"/m)?.[1];
    if (!permission) continue;
    (/^\s*pageFrom:\s*"path"/m.test(call) ? out.path : out.query).push(permission);
  }
  return out;
}

const routes = routeFiles("app/api").map((file) => ({ file, pattern: patternOf(file), ...declaredPages(readFileSync(path.join(root, file), "utf8")) }));
const example = (pattern: string) => pattern.replace(/\[[^\]]+\]/g, "abc123");

describe("the browser's page-scoped endpoints and the routes that declare a page", () => {
  beforeAll(() => window.history.replaceState(null, "", "/dashboard?page=loja_ana"));
  afterAll(() => window.history.replaceState(null, "", "/"));

  it("reads the route files", () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.find((r) => r.pattern === "/api/links/[id]")?.query).toEqual(["links.read", "links.write", "links.write", "links.write"]);
    expect(routes.find((r) => r.pattern === "/api/pages/[id]")?.path).toEqual(["page.delete"]);
  });

  it("matches exactly the routes that read their page from ?page=", () => {
    const declared = routes.filter((r) => r.query.length > 0 || r.readsParam).map((r) => r.pattern);
    const matched = routes.filter((r) => PAGE_ENDPOINTS.test(example(r.pattern))).map((r) => r.pattern);
    expect(matched.sort()).toEqual(declared.sort());
    expect(declared.length).toBeGreaterThan(25);
  });

  it("adds the screen's page to each of them, and to nothing else", () => {
    for (const r of routes) {
      const address = example(r.pattern);
      const scoped = r.query.length > 0 || r.readsParam;
      expect([r.pattern, scopedApiPath(address)]).toEqual([r.pattern, scoped ? `${address}?page=loja_ana` : address]);
      expect(scopedApiPath(`${address}?x=1`)).toBe(scoped ? `${address}?x=1&page=loja_ana` : `${address}?x=1`);
    }
  });

  it("declares only permissions of the table, and a path page only with an id", () => {
    for (const r of routes) {
      for (const p of [...r.query, ...r.path]) expect([r.pattern, PAGE_PERMISSIONS.includes(p as never)]).toEqual([r.pattern, true]);
      if (r.path.length) expect(r.pattern).toMatch(/\/\[id\](\/|$)/);
    }
  });

  it("catches a route that declares a page the list lacks (and one the list names that declares none)", () => {
    const text = 'export const GET = route({\n  auth: "user",\n  page: "links.read",\n  handler: async () => ({}),\n});\n';
    expect(declaredPages(text)).toEqual({ query: ["links.read"], path: [], readsParam: false });
    expect(declaredPages(text.replace('page: "links.read",', 'page: "members.manage",\n  pageFrom: "path",'))).toEqual({
      query: [],
      path: ["members.manage"],
      readsParam: false,
    });
    expect(PAGE_ENDPOINTS.test("/api/pages/abc123/members")).toBe(false);
    expect(PAGE_ENDPOINTS.test("/api/links/abc123/click")).toBe(false);
  });
});
