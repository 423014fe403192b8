/** @jest-environment jsdom */
import { scopedApiPath, withPage } from "./page-scope";

describe("the page an owner screen names", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("adds ?page= to a path, keeping its query and hash, once", () => {
    expect(withPage("/dashboard", "loja")).toBe("/dashboard?page=loja");
    expect(withPage("/dashboard/add?kind=pix", "loja")).toBe("/dashboard/add?kind=pix&page=loja");
    expect(withPage("/settings#foto", "loja")).toBe("/settings?page=loja#foto");
    expect(withPage("/dashboard?page=outra", "loja")).toBe("/dashboard?page=outra");
    expect(withPage("/dashboard", null)).toBe("/dashboard");
  });

  it("sends a page's endpoints with the screen's page, and nothing else", () => {
    window.history.replaceState(null, "", "/dashboard?page=loja_ana");
    expect(scopedApiPath("/api/links")).toBe("/api/links?page=loja_ana");
    expect(scopedApiPath("/api/links/abc/thumbnail")).toBe("/api/links/abc/thumbnail?page=loja_ana");
    expect(scopedApiPath("/api/stats?days=7")).toBe("/api/stats?days=7&page=loja_ana");
    expect(scopedApiPath("/api/user")).toBe("/api/user?page=loja_ana");
    expect(scopedApiPath("/api/user/profile")).toBe("/api/user/profile?page=loja_ana");
    expect(scopedApiPath("/api/user/cover/remove")).toBe("/api/user/cover/remove?page=loja_ana");
    // The person's own things are the account's, whatever page is on screen.
    for (const path of [
      "/api/user/password",
      "/api/user/sessions",
      "/api/user/2fa/setup",
      "/api/user/export",
      "/api/pages",
      "/api/uploads/x/0",
      "/api/linksx",
    ]) {
      expect(scopedApiPath(path)).toBe(path);
    }
  });

  it("leaves every path as it is on a screen that names no page (the first page)", () => {
    window.history.replaceState(null, "", "/dashboard");
    expect(scopedApiPath("/api/links")).toBe("/api/links");
  });
});
