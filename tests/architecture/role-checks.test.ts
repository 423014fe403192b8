import path from "node:path";
import { findRoleChecks, roleChecksOutsideTable } from "./role-checks";

// Issue 46: what a role may do is one table (lib/permissions/page-permissions.ts);
// nobody compares roles elsewhere. The scanner is shown to catch each way of
// writing a role check, then run over app/, lib/ and components/.

const root = path.resolve(__dirname, "../..");
const whats = (text: string) => findRoleChecks("example.ts", text).map((c) => c.what);

describe("the role-check scanner", () => {
  it.each([
    ['if (member.role === "owner") return;', "a role compared"],
    ["if (role !== 'owner') throw noPermission();", "a role compared"],
    ["const owner = page.role == `owner`;", "a role compared"],
    ["const mine = existing?.role === other.role;", "a role compared"],
    ["if (myRole !== wanted) refuse();", "a role compared"],
    ['if ("owner" === m.kind) return;', "a role's name compared"],
    ["return x !== 'editor';", "a role's name compared"],
    ['  case "owner":', "a role's name switched on"],
    ['tx.pageMember.count({ where: { userId, role: "owner" } })', "a role's name in a query"],
    [`SELECT id FROM "PageMember" WHERE "role" = 'owner'`, "a role's name in SQL"],
    [`WHERE role IN ('owner', 'editor')`, "a role's name in SQL"],
    ['const ok = ["owner"].includes(role);', "a role's name looked up"],
    ['if (managers.has("owner")) return;', "a role's name looked up"],
  ])("reports %s", (code, what) => {
    expect(whats(code)).toEqual([what]);
  });

  it("reports the file and line of each", () => {
    const text = 'import x from "y";\n\nexport const isOwner = (m: { role: string }) => m.role === "owner";\n';
    expect(findRoleChecks("lib/pages/bad.ts", text)).toEqual([
      { file: "lib/pages/bad.ts", line: 3, what: "a role compared", text: 'export const isOwner = (m: { role: string }) => m.role === "owner";' },
    ]);
  });

  it.each([
    'if (!can(page.role, "page.delete")) throw noPermission();',
    'const owned = await tx.pageMember.count({ where: { userId, role: { in: rolesWith("page.delete") } } });',
    "members: { create: { userId, role: CREATOR_ROLE } },",
    "const role = strongerRole(toPageRole(existing?.role), shownRole(invitation.role));",
    "const inviteRoleNames: Record<PageRole, string> = { owner: s.inviteRoleOwner, editor: s.inviteRoleEditor };",
    'if (outcome.status === "ignored") return refuseCount(kind, "owner");',
    "// a comment may say role === owner",
    " * or a doc comment: role !== 'owner'",
  ])("lets this through: %s", (code) => {
    expect(whats(code)).toEqual([]);
  });
});

describe("role checks outside the permission table", () => {
  it("there are none in app/, lib/ or components/", () => {
    expect(roleChecksOutsideTable(root)).toEqual([]);
  });
});
