/** @jest-environment node */
import { apiOperations } from "@/lib/api-docs/api-routes";
import { API_SCOPES, SCOPE_PERMISSIONS, isApiScope, scopeFor, scopesAllow } from "./api-scopes";
import { PAGE_PERMISSIONS } from "./page-permissions";

// A key's scopes are sets of the role table's permissions: one map, and every
// route a key may call names one permission that some scope holds.

describe("the map from scope to the role table's permissions", () => {
  it("maps every scope, and only scopes, to permissions of the table", () => {
    expect(Object.keys(SCOPE_PERMISSIONS).sort()).toEqual([...API_SCOPES].sort());
    for (const scope of API_SCOPES) {
      expect([scope, SCOPE_PERMISSIONS[scope].length > 0]).toEqual([scope, true]);
      for (const p of SCOPE_PERMISSIONS[scope]) expect([scope, PAGE_PERMISSIONS.includes(p)]).toEqual([scope, true]);
    }
  });

  it("gives each permission to one scope at most, so each route has one scope", () => {
    const held = API_SCOPES.flatMap((scope) => SCOPE_PERMISSIONS[scope]);
    expect(held.length).toBe(new Set(held).size);
  });

  it("reaches every permission a key-callable route names", () => {
    const operations = apiOperations();
    expect(operations.length).toBeGreaterThan(20);
    for (const op of operations) {
      expect([`${op.method} ${op.path}`, op.permission, scopeFor(op.permission) !== undefined]).toEqual([`${op.method} ${op.path}`, op.permission, true]);
    }
  });

  it("lets a key do what one of its scopes holds, and fails closed", () => {
    expect(scopesAllow(["links:read"], "links.export")).toBe(true);
    expect(scopesAllow(["stats:read", "links:read"], "links.read")).toBe(true);
    expect(scopesAllow(["links:read"], "links.write")).toBe(false);
    expect(scopesAllow([], "page.view")).toBe(false);
    expect(scopesAllow(["constructor", "toString", "links:delete"], "links.read")).toBe(false);
    expect(scopesAllow([...API_SCOPES], "stats.reset")).toBe(false);
    expect(scopesAllow([...API_SCOPES], "members.manage")).toBe(false);
    expect(isApiScope("hasOwnProperty")).toBe(false);
  });

  it("gives the sales to orders:read and the refund to orders:refund, and the account's connection to no key", () => {
    expect(scopesAllow(["orders:read"], "orders.read")).toBe(true);
    expect(scopesAllow(["orders:read"], "orders.refund")).toBe(false);
    expect(scopesAllow(["orders:refund"], "orders.refund")).toBe(true);
    expect(scopesAllow(["orders:refund"], "orders.read")).toBe(false);
    expect(scopesAllow([...API_SCOPES], "payments.manage")).toBe(false);
  });
});
