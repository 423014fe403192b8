/** @jest-environment node */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { kindNamesIn } from "./kind-names";
import { blocks } from "./registry";

// README, "Adding a block kind": only a kind's own module names it. The
// default kind (a plain link) is left out: "link" is a word the whole app
// uses for other things (a short link, a missing link's page).

const NAMES = ["subscribe", "pix", "embed", "header"];
const ALL = ["link", ...NAMES];
const found = (source: string) => kindNamesIn(source, NAMES, ALL).map((hit) => hit.name);

describe("kindNamesIn", () => {
  it.each([
    ['if (block.kind !== "subscribe") return null;', ["subscribe"]],
    ["await db.link.findFirst({ where: { id, pageId, kind: 'pix' } });", ["pix"]],
    ['<LinkForm link={link} kind="header" />', ["header"]],
    ['return { url, title, kind: parseEmbedUrl(url) ? "embed" : "link" };', ["embed"]],
    ['if ("embed" === shared?.kind) offer();', ["embed"]],
    ['const section = (link?.kind ?? kind) === "header";', ["header"]],
    ['export type SharedLinkKind = "link" | "embed";', ["embed"]],
    ['expect(names).toEqual(["pix", "subscribe"]);', ["pix", "subscribe"]],
    ['switch (k) {\n  case "pix":\n    return 1;\n}', ["pix"]],
    ['const editors = { "header": HeaderForm };', ["header"]],
    ["const next = linkKind == `embed`;", ["embed"]],
  ])("finds a kind named in %s", (source, names) => {
    expect(found(source)).toEqual(names);
  });

  it.each([
    // A player's address, the Pix brand among other brands, words inside longer strings.
    'if (parts.length === 2 && (parts[0] === "shorts" || parts[0] === "embed")) return youtube(parts[1]);',
    'const [type, id] = rest[0] === "embed" ? rest.slice(1) : rest;',
    'export type BrandIconKind = LinkIconKind | "pinterest" | "pix" | "spotify";',
    'fetch("/api/subscribe/challenge", { cache: "no-store" });',
    'const label = t.header; const role = "banner";',
    'subscribe("http.server.request.start", listener);',
    '// a comment about kind "pix" and { kind: "subscribe" }',
    '/* kind: "embed" */ const x = 1;',
    'const url = "https://example.com/pix"; // kind: "header"',
  ])("passes over %s", (source) => {
    expect(found(source)).toEqual([]);
  });

  it("says on which line", () => {
    expect(kindNamesIn('const a = 1;\n\nconst b = { kind: "pix" };', NAMES, ALL)).toEqual([{ line: 3, name: "pix", text: 'const b = { kind: "pix" };' }]);
  });
});

const ROOT = path.resolve(__dirname, "../..");
const KINDS_DIR = path.join("lib", "blocks", "kinds");

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return rel === KINDS_DIR || rel === path.join("lib", "generated") || entry.name === "node_modules" ? [] : sources(rel);
    // Tests speak the API's language (a request's `kind: "pix"`): only the app's own code is held to it.
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [rel] : [];
  });
}

describe("the app's code outside lib/blocks/kinds", () => {
  it("names no block kind (each kind's module says what the app needs of it)", () => {
    // Every kind but the default one, a plain link (see above).
    const names = blocks.names.slice(1);
    expect(names).toEqual(expect.arrayContaining(NAMES));
    const files = ["app", "lib", "components"].flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    const hits = files.flatMap((file) =>
      kindNamesIn(readFileSync(path.join(ROOT, file), "utf8"), names, blocks.names).map((hit) => `${file}:${hit.line}: ${hit.text}`),
    );
    expect(hits).toEqual([]);
  });
});
