import {
  CREATOR_ROLE,
  PAGE_PERMISSIONS,
  PAGE_ROLES,
  ROLE_PERMISSIONS,
  can,
  rolesWith,
  shownRole,
  strongerRole,
  toPageRole,
  type Permission,
} from "./page-permissions";

// The table of what each role may do (api.md, "Pages and teams": an editor
// edits the page's links, profile and appearance and reads its statistics and
// subscribers; the owner also changes its username and search settings,
// resets statistics, exports and deletes subscribers, appeals, manages the
// team and deletes the page).

// Selling (sixth release): an editor reads the sales; only owners connect the
// Mercado Pago account and refund.
const EDITOR_MAY: Permission[] = [
  "broadcasts.write",
  "page.view",
  "profile.write",
  "page.leave",
  "links.read",
  "links.write",
  "links.export",
  "stats.read",
  "stats.export",
  "subscribers.read",
  "moderation.read",
  "domain.read",
  "orders.read",
];
const OWNER_ONLY: Permission[] = [
  "broadcasts.send",
  "page.settings",
  "page.delete",
  "page.export",
  "members.manage",
  "stats.reset",
  "subscribers.export",
  "subscribers.delete",
  "moderation.appeal",
  "webhooks.manage",
  "domain.write",
  "payments.manage",
  "orders.refund",
];

describe("the role table", () => {
  it("lets an owner do everything", () => {
    for (const p of PAGE_PERMISSIONS) expect(can("owner", p)).toBe(true);
  });

  it("lets an editor do exactly the editor's part", () => {
    expect(PAGE_PERMISSIONS.filter((p) => can("editor", p)).sort()).toEqual([...EDITOR_MAY].sort());
    for (const p of OWNER_ONLY) expect(can("editor", p)).toBe(false);
    // Every permission is one or the other.
    expect([...EDITOR_MAY, ...OWNER_ONLY].sort()).toEqual([...PAGE_PERMISSIONS].sort());
  });

  it("fails closed: no role, an unknown role, an unknown permission", () => {
    expect(can(null, "page.view")).toBe(false);
    expect(can(undefined, "page.view")).toBe(false);
    expect(can("admin", "page.view")).toBe(false);
    expect(can("Owner", "page.delete")).toBe(false);
    expect(can("owner", "page.everything" as Permission)).toBe(false);
    expect(can("constructor", "page.view")).toBe(false);
  });

  it("names the roles that may do a thing, for a database filter", () => {
    expect(rolesWith("page.delete")).toEqual(["owner"]);
    expect(rolesWith("links.write")).toEqual(["owner", "editor"]);
    expect(rolesWith("payments.manage")).toEqual(["owner"]);
    expect(rolesWith("orders.read")).toEqual(["owner", "editor"]);
  });

  it("reads stored roles: known as they are, anything else as none (or the least, for display)", () => {
    expect(PAGE_ROLES.map(toPageRole)).toEqual(["owner", "editor"]);
    expect(toPageRole("superuser")).toBeNull();
    expect(toPageRole(null)).toBeNull();
    expect(shownRole("superuser")).toBe("editor");
    expect(shownRole("owner")).toBe("owner");
  });

  it("keeps the stronger of two roles (an invitation never takes a permission away)", () => {
    expect(strongerRole("owner", "editor")).toBe("owner");
    expect(strongerRole("editor", "owner")).toBe("owner");
    expect(strongerRole(null, "editor")).toBe("editor");
  });

  it("gives a page's creator every permission", () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...PAGE_ROLES].sort());
    for (const p of PAGE_PERMISSIONS) expect(can(CREATOR_ROLE, p)).toBe(true);
  });
});
