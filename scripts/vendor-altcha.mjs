// node scripts/vendor-altcha.mjs — copies the ALTCHA solver's browser files from
// node_modules/altcha-lib (the pinned version) to public/altcha/<version>/, where
// the public page's subscribe form starts them in a worker (lib/audience/subscribe-script.ts).
// The files are the library's own, unchanged (lib/audience/solver-files.test.ts
// checks them against node_modules); only workers/web-sha.js, the worker's entry, is ours.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const lib = path.join(root, "node_modules/altcha-lib");
const { version } = JSON.parse(readFileSync(path.join(lib, "package.json"), "utf8"));
const out = path.join(root, "public/altcha", version);
export const SOLVER_FILES = ["pow.js", "helpers.js", "types.js", "algorithms/web/sha.js", "workers/shared.js"];

for (const file of SOLVER_FILES) {
  mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
  copyFileSync(path.join(lib, "dist/esm/v2", file), path.join(out, file));
}
copyFileSync(path.join(lib, "LICENSE.txt"), path.join(out, "LICENSE.txt"));
writeFileSync(
  path.join(out, "workers/web-sha.js"),
  "// The subscribe form's solver (Vitrine): altcha-lib's worker handler with its WebCrypto SHA key derivation.\n" +
    "import { handler } from './shared.js';\nimport { deriveKey } from '../algorithms/web/sha.js';\nhandler({ deriveKey });\n",
);
console.log(`altcha-lib ${version} → ${path.relative(root, out)}`);
