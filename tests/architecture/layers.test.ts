import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// The layers point one way (issue 24): lib/server is plumbing and imports no
// feature; moderation and e-mail do not reach into administration (the
// administration may read moderation, not the other way round); server.mjs
// meets the app through lib/server/host.mjs only.

const root = path.resolve(__dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) return sources(rel);
    return /\.(ts|tsx|mts|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [rel] : [];
  });
}

/** The lib/<folder> each import of `file` names ("@/lib/x/…", "../x/…" resolved). */
function libImports(file: string): Array<{ folder: string; spec: string }> {
  const text = readFileSync(path.join(root, file), "utf8");
  const found: Array<{ folder: string; spec: string }> = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
    const spec = match[1]!;
    const target = spec.startsWith("@/")
      ? spec.slice(2)
      : spec.startsWith(".")
        ? path.relative(root, path.resolve(path.dirname(path.join(root, file)), spec))
        : null;
    const folder = target?.match(/^lib\/([^/]+)\//)?.[1];
    if (folder) found.push({ folder, spec });
  }
  return found;
}

function crossings(dir: string, allowed: (folder: string, file: string, spec: string) => boolean): string[] {
  return sources(dir).flatMap((file) =>
    libImports(file)
      .filter((i) => !allowed(i.folder, file, i.spec))
      .map((i) => `${file} → ${i.spec}`),
  );
}

describe("the layers point one way", () => {
  it("lib/server imports no feature", () => {
    // Plumbing it may use: itself, the generated client, the shared strings, the browser's plumbing and the role table.
    const plumbing = new Set(["server", "generated", "strings", "client", "permissions"]);
    // The one exception: a session resolves to the account's public form (the user object of api.md).
    const exception = (file: string, spec: string) => file === "lib/server/session.ts" && spec === "@/lib/accounts/user-dto";
    expect(crossings("lib/server", (folder, file, spec) => plumbing.has(folder) || exception(file, spec))).toEqual([]);
  });

  it("moderation, e-mail, the audit log and the lists do not reach into administration", () => {
    for (const dir of ["lib/moderation", "lib/email", "lib/audit", "lib/lists"]) {
      expect(crossings(dir, (folder) => folder !== "admin")).toEqual([]);
    }
  });

  it("app/ reaches the database only through lib/<feature> queries and mutations", () => {
    const direct = sources("app").filter((file) => /from\s+"@\/lib\/server\/db"/.test(readFileSync(path.join(root, file), "utf8")));
    expect(direct).toEqual([]);
  });

  it("server.mjs meets lib/ only through lib/server/host.mjs, with no global slot", () => {
    const text = readFileSync(path.join(root, "server.mjs"), "utf8");
    const imports = [...text.matchAll(/from\s+"(\.\/lib\/[^"]+)"/g)].map((m) => m[1]);
    expect(imports).toEqual(["./lib/server/host.mjs"]);
    expect(text).not.toMatch(/globalThis\.__/);
    const slots = sources("lib").filter((file) => /globalThis[^;\n]*__vitrine/.test(readFileSync(path.join(root, file), "utf8")));
    expect(slots).toEqual([]);
  });
});
