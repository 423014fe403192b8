import { parseAdminTab } from "./admin-tabs";

it("reads ?tab= and falls back to the dashboard", () => {
  expect(parseAdminTab("pages")).toBe("pages");
  expect(parseAdminTab("users")).toBe("users");
  expect(parseAdminTab("reports")).toBe("reports");
  expect(parseAdminTab("dashboard")).toBe("dashboard");
  expect(parseAdminTab("PAGES")).toBe("dashboard");
  expect(parseAdminTab("")).toBe("dashboard");
  expect(parseAdminTab(null)).toBe("dashboard");
  expect(parseAdminTab(undefined)).toBe("dashboard");
});
