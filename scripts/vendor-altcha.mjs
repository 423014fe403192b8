// node scripts/vendor-altcha.mjs — copies the ALTCHA solver's browser files from
// node_modules/altcha-lib (the pinned version) to public/altcha/<version>/ and
// bundles them, from workers/web-sha.js (the worker's entry, ours), into one
// classic script, solver.js, which the public page's subscribe form starts in a
// worker (lib/blocks/kinds/subscribe/send-sign-up.browser.ts): one request, where the module graph
// took one round trip per level of imports (2.9 s to the POST on a throttled phone).
// The copied files are the library's own, unchanged (lib/blocks/kinds/subscribe/altcha-solver.test.ts
// checks them against node_modules, and solver.js against a fresh bundle of them).
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const lib = path.join(root, "node_modules/altcha-lib");
export const SOLVER_FILES = ["pow.js", "helpers.js", "types.js", "algorithms/web/sha.js", "workers/shared.js"];
const ENTRY =
  "// The subscribe form's solver (Vitrine): altcha-lib's worker handler with its WebCrypto SHA key derivation.\n" +
  "import { handler } from './shared.js';\nimport { deriveKey } from '../algorithms/web/sha.js';\nhandler({ deriveKey });\n";

/** The one-file solver, bundled from the vendored files in `dir` (the same bytes each time: the test rebuilds it). */
export async function bundleSolver(dir) {
  const { buildSync } = await import("esbuild");
  const result = buildSync({
    entryPoints: [path.join(dir, "workers/web-sha.js")],
    bundle: true,
    format: "iife",
    minify: true,
    legalComments: "none",
    target: "es2020",
    write: false,
    banner: {
      js: `/* altcha-lib ${path.basename(dir)} (MIT, Daniel Regeci; LICENSE.txt beside this file): workers/web-sha.js bundled by scripts/vendor-altcha.mjs */`,
    },
  });
  return result.outputFiles[0].text;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { version } = JSON.parse(readFileSync(path.join(lib, "package.json"), "utf8"));
  const out = path.join(root, "public/altcha", version);
  for (const file of SOLVER_FILES) {
    mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
    copyFileSync(path.join(lib, "dist/esm/v2", file), path.join(out, file));
  }
  copyFileSync(path.join(lib, "LICENSE.txt"), path.join(out, "LICENSE.txt"));
  writeFileSync(path.join(out, "workers/web-sha.js"), ENTRY);
  writeFileSync(path.join(out, "solver.js"), await bundleSolver(out));
  console.log(`altcha-lib ${version} → ${path.relative(root, out)} (solver.js bundled)`);
}
