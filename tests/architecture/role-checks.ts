import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// Finds role checks written outside the permission table (STYLE.md habit 15:
// "Nobody writes role === 'owner'"). What a role may do is asked of
// lib/permissions/page-permissions.ts (`can`, `rolesWith`); a comparison of a
// role, a role's name compared or switched on, or a role's name written into
// a query, anywhere else, is reported with its file and line.

/** The one module allowed to name roles and compare them. */
export const PERMISSION_MODULE = "lib/permissions/page-permissions.ts";

const ROLE_NAME = `["'\`](?:owner|editor)["'\`]`;
const RULES: Array<{ what: string; pattern: RegExp }> = [
  // member.role === x, role !== x, existing?.role == x, myRole === x
  { what: "a role compared", pattern: /(?:\brole|Role)\s*(?:!==?|===?)(?!>)/ },
  // x === member.role, x !== role
  { what: "a role compared", pattern: /(?:!==?|===?)\s*[\w$.?]*(?:\brole|Role)\b(?!\s*\()/ },
  // "owner" === x, x !== 'editor'
  { what: "a role's name compared", pattern: new RegExp(`${ROLE_NAME}\\s*(?:!==?|===?)|(?:!==?|===?)\\s*${ROLE_NAME}`) },
  // switch (role) { case "owner": … }
  { what: "a role's name switched on", pattern: new RegExp(`\\bcase\\s+${ROLE_NAME}\\s*:`) },
  // where: { role: "owner" }, create: { role: "editor" }
  { what: "a role's name in a query", pattern: new RegExp(`\\brole\\s*:\\s*${ROLE_NAME}`) },
  // SQL: "role" = 'owner', role <> 'editor', role IN ('owner')
  { what: "a role's name in SQL", pattern: /"?\brole"?\s*(?:=|<>|!=|\bIN\s*\()\s*'(?:owner|editor)'/i },
  // roles.includes("owner"), ["owner", "editor"].includes(role)
  {
    what: "a role's name looked up",
    pattern: new RegExp(`\\.(?:includes|indexOf|has)\\(\\s*${ROLE_NAME}\\s*\\)|\\[\\s*${ROLE_NAME}[^\\]]*\\]\\s*\\.(?:includes|indexOf)\\(`),
  },
];

export interface RoleCheck {
  file: string;
  line: number;
  what: string;
  text: string;
}

/** The role checks in one source text (`file` only names them). */
export function findRoleChecks(file: string, text: string): RoleCheck[] {
  const found: RoleCheck[] = [];
  text.split("\n").forEach((line, index) => {
    const code = line.replace(/\/\/.*$/, "").replace(/^\s*\*.*$/, "");
    const rule = RULES.find((r) => r.pattern.test(code));
    if (rule) found.push({ file, line: index + 1, what: rule.what, text: line.trim() });
  });
  return found;
}

/** Every source file (not tests, not the generated client) under `dirs` of `root`. */
export function sourceFiles(root: string, dirs: string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir)).flatMap((name) => {
      const rel = path.join(dir, name);
      if (statSync(path.join(root, rel)).isDirectory()) return rel === path.join("lib", "generated") ? [] : walk(rel);
      return /\.(ts|tsx|mts|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [rel] : [];
    });
  return dirs.flatMap(walk);
}

/** The role checks of the project's sources, outside the permission module. */
export function roleChecksOutsideTable(root: string, dirs = ["app", "lib", "components"]): RoleCheck[] {
  return sourceFiles(root, dirs)
    .filter((file) => file.split(path.sep).join("/") !== PERMISSION_MODULE)
    .flatMap((file) => findRoleChecks(file, readFileSync(path.join(root, file), "utf8")));
}
