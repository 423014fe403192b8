// The JavaScript each app page loads first, read from the production build
// (.next): Next's root main files plus the entry chunks of every segment of
// its route (layouts, page, loading and not-found boundaries), as listed in
// the page's client reference manifest. Chunks loaded later (next/dynamic,
// import()) are not among them. Used by scripts/analyze.mjs (the budgets) and
// by the browser tests (tests/e2e/first-load.spec.ts: nothing else before the
// load event).
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const buildDir = path.resolve(import.meta.dirname, "..", ".next");

/** Every page_client-reference-manifest.js under .next/server/app. */
function manifests(dir = path.join(buildDir, "server", "app")) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...manifests(full));
    else if (name === "page_client-reference-manifest.js") found.push(full);
  }
  return found;
}

function loadManifest(file) {
  const sandbox = {};
  new Function("globalThis", readFileSync(file, "utf8"))(sandbox);
  const [[key, manifest]] = Object.entries(sandbox.__RSC_MANIFEST);
  return { key, manifest };
}

/** /(site)/(owner)/dashboard/page → /dashboard */
const routeOf = (key) =>
  key
    .replace(/\/page$/, "")
    .replace(/\/\([^)]+\)/g, "")
    .replace(/^$/, "/") || "/";

/** Route → the build files (`static/chunks/….js`) its page loads first, for every app page of the build. */
export function firstLoadScripts() {
  const buildManifest = JSON.parse(readFileSync(path.join(buildDir, "build-manifest.json"), "utf8"));
  const pages = new Map();
  for (const file of manifests()) {
    const { key, manifest } = loadManifest(file);
    const route = routeOf(key);
    if (route.startsWith("/_")) continue;
    const initial = new Set(buildManifest.rootMainFiles);
    for (const chunks of Object.values(manifest.entryJSFiles ?? {})) for (const c of chunks) if (c.endsWith(".js")) initial.add(c);
    pages.set(route, initial);
  }
  return pages;
}

// `node scripts/page-scripts.mjs`: the same as JSON ({route: [files]}), for the browser tests (Playwright loads TypeScript, not this module).
if (process.argv[1] === import.meta.filename) {
  console.log(JSON.stringify(Object.fromEntries([...firstLoadScripts()].map(([route, files]) => [route, [...files]]))));
}
