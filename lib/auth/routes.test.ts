import { isGuestOnlyPath, isProtectedPath, safeCallbackPath } from "./routes";

describe("route gating rules", () => {
  it.each(["/dashboard", "/dashboard/add", "/dashboard/edit/abc", "/settings", "/cover", "/admin"])(
    "%s needs a session",
    (p) => expect(isProtectedPath(p)).toBe(true),
  );
  it.each(["/", "/login", "/register", "/ana", "/dashboardx", "/api/user"])("%s does not", (p) =>
    expect(isProtectedPath(p)).toBe(false),
  );
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
  ])("sends %j to /dashboard", (value) => {
    expect(safeCallbackPath(value)).toBe("/dashboard");
  });
});
