// Builds the public page's inline script parts from their typed source, run
// by `npm run build` before `next build` (docs/public-page.md, "The page's
// script"). Each `lib/**/<name>.browser.ts` exports as default one function
// given the window; esbuild bundles it with what it imports, calls it in its
// own function (a part that throws stops no other part) and minifies it for
// ES2015 browsers, in ASCII, into `<name>.min.ts` beside it: `export default
// "<the script>"`. The server sends those strings as they are and hashes them
// for the page's CSP (lib/profile/page-script.ts, render-page.ts).
//
// The built files are committed: the type-check, Jest and `next dev` import
// them without a build, and a change to what visitors run shows in review.
// `npm run build` writes them again from the source, so a build never ships a
// stale part; `node scripts/build-page-scripts.mjs --check` (run by
// lib/profile/page-script.test.ts) fails while one differs from its source.
//
// Texts: a part imports its pt-BR texts from lib/strings as any module does
// (`openInAppStrings.offerLabel`), but a strings module is one object of every
// text of its feature. Each `<object>.<text>` a source file names is written
// into it as the string literal itself, so only the texts it uses are sent.
import { readFile, readdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import * as esbuild from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const STRINGS_IMPORT = /import\s*\{\s*(\w+)\s*\}\s*from\s*"@\/lib\/strings\/([\w-]+)";?/g;

/** Every `*.browser.ts` under lib/. */
async function sources(dir = path.join(root, "lib")) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== "generated") found.push(...(await sources(full)));
    else if (entry.name.endsWith(".browser.ts")) found.push(full);
  }
  return found.sort();
}

/** The exports of one lib/strings module, evaluated. */
async function stringsModule(name) {
  const built = await esbuild.build({
    entryPoints: [path.join(root, "lib", "strings", `${name}.ts`)],
    bundle: true,
    format: "cjs",
    write: false,
    logLevel: "silent",
  });
  const loaded = { exports: {} };
  new Function("module", "exports", built.outputFiles[0].text)(loaded, loaded.exports);
  return loaded.exports;
}

/** Writes each text a file names into it as a literal (see above); any other use of a strings object fails the build. */
const inlineTexts = {
  name: "inline-texts",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
      let source = await readFile(file, "utf8");
      if (file.startsWith(path.join(root, "lib", "strings") + path.sep)) return { contents: source, loader: "ts" };
      for (const [statement, object, module] of [...source.matchAll(STRINGS_IMPORT)]) {
        const texts = (await stringsModule(module))[object];
        source = source.replace(statement, "").replace(new RegExp(`\\b${object}\\.(\\w+)\\b`, "g"), (use, key) => {
          if (typeof texts?.[key] !== "string") throw new Error(`${path.relative(root, file)}: ${use} is not a text of lib/strings/${module}.ts`);
          return JSON.stringify(texts[key]);
        });
        if (new RegExp(`\\b${object}\\b`).test(source)) throw new Error(`${path.relative(root, file)}: use ${object} only as ${object}.<text>`);
      }
      return { contents: source, loader: "ts" };
    });
  },
};

/** One part's script: its source's default export called with the window, minified. */
export async function buildPart(file) {
  const result = await esbuild.build({
    stdin: {
      contents: `import run from ${JSON.stringify(`./${path.basename(file)}`)};\ntry { run(window); } catch {}`,
      resolveDir: path.dirname(file),
      loader: "ts",
      sourcefile: "part.ts",
    },
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2015",
    platform: "browser",
    charset: "ascii",
    legalComments: "none",
    write: false,
    logLevel: "silent",
    plugins: [inlineTexts],
  });
  if (result.warnings.length) throw new Error((await esbuild.formatMessages(result.warnings, { kind: "warning" })).join("\n"));
  return result.outputFiles[0].text.trimEnd();
}

const builtFile = (file) => file.replace(/\.browser\.ts$/, ".min.ts");

/** The committed file's text for a part. */
export function builtModule(file, script) {
  const name = path.basename(file);
  return `// Built by scripts/build-page-scripts.mjs from ./${name}: do not edit (npm run build writes it again).\n\nexport default ${JSON.stringify(script)};\n`;
}

/** Builds every part; `check`: writes nothing, returns the built files that differ from their source's build. */
export async function buildPageScripts({ check = false } = {}) {
  const stale = [];
  for (const file of await sources()) {
    const text = builtModule(file, await buildPart(file));
    const target = builtFile(file);
    const current = await readFile(target, "utf8").catch(() => null);
    if (current === text) continue;
    stale.push(path.relative(root, target));
    // Written whole, then renamed: the type-check beside the build never reads half a file.
    if (!check) await writeFile(`${target}.tmp`, text).then(() => rename(`${target}.tmp`, target));
  }
  return stale;
}

if (process.argv[1] === import.meta.filename) {
  const check = process.argv.includes("--check");
  const stale = await buildPageScripts({ check });
  if (check && stale.length) {
    console.error(`Out of date with their source (run node scripts/build-page-scripts.mjs): ${stale.join(", ")}`);
    process.exit(1);
  }
  console.log(check ? "page scripts: up to date" : `page scripts: ${stale.length ? `wrote ${stale.join(", ")}` : "up to date"}`);
}
