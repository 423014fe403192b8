import { readFileSync } from "node:fs";
import path from "node:path";
import { sourceFiles } from "./role-checks";

// Rooms that show the architecture (issue 57): two lib/ folders that import
// each other are one room drawn as two, and the reader cannot tell which is
// built on which. The few pairs allowed are listed here, each with its
// reason; any other pair fails, naming the files that make it. Every import
// counts, a type's too (tests and the generated client are no rooms).

const root = path.resolve(__dirname, "../..");

/** "a <-> b" (a before b) → why the two may import each other. */
const ALLOWED: Record<string, string> = {
  "accounts <-> server":
    "a session is the account's user object (api.md): lib/server/session.ts reads lib/accounts/user-dto.ts, which imports no plumbing, " +
    "while the accounts' queries use the database and the errors like every feature",
};

type Imports = Map<string, Map<string, string[]>>;

/** lib/<from> → lib/<to> → the imports that make the arrow ("file → specifier"). */
function folderImports(): Imports {
  const found: Imports = new Map();
  for (const file of sourceFiles(root, ["lib"]).map((f) => f.split(path.sep).join("/"))) {
    const from = file.split("/")[1]!;
    if (file.split("/").length < 3) continue;
    const text = readFileSync(path.join(root, file), "utf8");
    for (const match of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)) {
      const spec = match[1]!;
      const target = spec.startsWith("@/") ? spec.slice(2) : spec.startsWith(".") ? path.posix.join(path.posix.dirname(file), spec) : null;
      const to = target?.match(/^lib\/([^/]+)\//)?.[1];
      if (!to || to === from || to === "generated") continue;
      const arrows = found.get(from) ?? found.set(from, new Map()).get(from)!;
      arrows.set(to, [...(arrows.get(to) ?? []), `${file} → ${spec}`]);
    }
  }
  return found;
}

/** Each pair of folders that import each other, "a <-> b" with a before b, with the imports of both ways. */
function importPairs(imports: Imports): Map<string, string[]> {
  const pairs = new Map<string, string[]>();
  for (const [a, arrows] of imports) {
    for (const [b, ways] of arrows) {
      const back = imports.get(b)?.get(a);
      if (a < b && back) pairs.set(`${a} <-> ${b}`, [...ways, ...back]);
    }
  }
  return pairs;
}

describe("lib/ folders that import each other", () => {
  const imports = folderImports();
  const pairs = importPairs(imports);

  it("finds a pair in either order, and none where the arrows point one way", () => {
    const graph: Imports = new Map([
      [
        "links",
        new Map([
          ["blocks", ["lib/links/a.ts → @/lib/blocks/b"]],
          ["profile", ["lib/links/a.ts → @/lib/profile/c"]],
        ]),
      ],
      ["profile", new Map([["links", ["lib/profile/c.ts → @/lib/links/a"]]])],
    ]);
    expect([...importPairs(graph)]).toEqual([["links <-> profile", ["lib/links/a.ts → @/lib/profile/c", "lib/profile/c.ts → @/lib/links/a"]]]);
  });

  it("reads the folders' imports, aliased and relative", () => {
    expect(imports.get("links")?.get("blocks")).toContain("lib/links/link-dto.ts → @/lib/blocks/registry");
    expect(imports.get("blocks")?.get("pix")).toEqual(expect.arrayContaining([expect.stringMatching(/^lib\/blocks\/kinds\/pix\.tsx → /)]));
  });

  it("are only the pairs allowed, each with its reason", () => {
    const unexpected = [...pairs].filter(([pair]) => !ALLOWED[pair]).map(([pair, ways]) => `${pair}: ${ways.join("; ")}`);
    expect(unexpected).toEqual([]);
  });

  it("allows no pair that is gone", () => {
    expect(Object.keys(ALLOWED).filter((pair) => !pairs.has(pair))).toEqual([]);
  });
});
