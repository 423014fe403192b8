// Turns a request's path into the route pattern Next matched ("/[username]",
// "/api/links/[id]/click") for the metrics' labels, so that no raw path, no
// username and no id ever becomes a label. Built from the build's own
// .next/routes-manifest.json; files of public/ are "(static)", Next's assets
// "/_next/static", anything else "(unmatched)".
import "server-only";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

interface RoutesManifest {
  staticRoutes: { page: string }[];
  dynamicRoutes: { page: string; regex: string }[];
}

export function routePatternMatcher(root = process.cwd()): (url: string) => string {
  const manifest = JSON.parse(readFileSync(path.join(root, ".next/routes-manifest.json"), "utf8")) as RoutesManifest;
  const exact = new Set(manifest.staticRoutes.map((r) => r.page).filter((p) => !p.startsWith("/_")));
  const dynamic = manifest.dynamicRoutes.map((r) => ({ page: r.page, regex: new RegExp(r.regex) }));
  const publicFiles = new Set(listFiles(path.join(root, "public")));
  // Answers are remembered by path (bounded): matching tries the dynamic
  // routes' expressions one by one, a cost paid on every request otherwise.
  const known = new Map<string, string>();
  return (url) => {
    const raw = url.split("?")[0] ?? "/";
    let pattern = known.get(raw);
    if (pattern === undefined) {
      if (known.size >= 10_000) known.clear();
      pattern = match(raw);
      known.set(raw, pattern);
    }
    return pattern;
  };

  function match(raw: string): string {
    const pathname = safeDecode(raw.replace(/\/+$/, "") || "/");
    if (pathname.startsWith("/_next/static/")) return "/_next/static";
    if (pathname.startsWith("/_next/")) return pathname.startsWith("/_next/image") ? "/_next/image" : "/_next";
    if (publicFiles.has(pathname)) return "(static)";
    if (exact.has(pathname)) return pathname;
    for (const route of dynamic) if (route.regex.test(pathname)) return route.page;
    return "(unmatched)";
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function listFiles(dir: string, prefix = ""): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}/${e.name}`) : [`${prefix}/${e.name}`]));
}
