import { isGuestOnlyPath, isProtectedPath, safeCallbackPath } from "./routes";

describe("route gating rules", () => {
  it.each(["/dashboard", "/dashboard/add", "/dashboard/edit/abc", "/settings", "/cover", "/admin"])("%s needs a session", (p) =>
    expect(isProtectedPath(p)).toBe(true),
  );
  it.each(["/", "/login", "/register", "/ana", "/dashboardx", "/api/user"])("%s does not", (p) => expect(isProtectedPath(p)).toBe(false));
  it("knows the guest-only pages", () => {
    expect(isGuestOnlyPath("/login")).toBe(true);
    expect(isGuestOnlyPath("/register")).toBe(true);
    expect(isGuestOnlyPath("/dashboard")).toBe(false);
  });
});

describe("safeCallbackPath", () => {
  it("keeps a path of ours", () => {
    expect(safeCallbackPath("/settings")).toBe("/settings");
    expect(safeCallbackPath("/admin?tab=users")).toBe("/admin?tab=users");
    expect(safeCallbackPath("/dashboard/edit/abc#x")).toBe("/dashboard/edit/abc#x");
    // Encoded slashes stay encoded: a path of this site, not another host.
    expect(safeCallbackPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });
  it.each([
    null,
    "",
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "/\tevil",
    "/login",
    // Paths that only turn into //evil.example once dot segments are resolved.
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/a/..//evil.example/x",
    "/dashboard/../..//evil.example",
    // Other ways out: schemes, encoded or spaced.
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "javascript://%0aalert(1)",
    "data:text/html,<script>alert(1)</script>",
    "http:evil.example",
    "https:/evil.example",
    "//evil.example/%2e%2e",
    "/\\evil.example",
    "\t//evil.example",
    " //evil.example",
    "/\u0000/evil.example",
    "/\n/evil.example",
    "/login/../register",
    "/" + "a".repeat(600),
  ])("sends %j to /dashboard", (value) => {
    expect(safeCallbackPath(value)).toBe("/dashboard");
  });
});
