import { NextRequest } from "next/server";
import { proxy } from "./proxy";

const visit = (path: string, cookie?: string) =>
  proxy(new NextRequest(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} }));

describe("proxy (redirects only)", () => {
  it.each(["/dashboard", "/dashboard/add", "/dashboard/edit/x", "/settings", "/cover", "/admin"])(
    "sends a signed-out visitor of %s to /login with the way back",
    (path) => {
      const res = visit(path);
      expect(res.status).toBe(307);
      const location = new URL(res.headers.get("location")!);
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.get("callbackUrl")).toBe(path);
    },
  );

  it("lets a visitor with a session cookie through (the layout checks it)", () => {
    expect(visit("/dashboard", "authjs.session-token=x").headers.get("location")).toBeNull();
  });

  it("sends a signed-in visitor of /login and /register to /dashboard", () => {
    for (const path of ["/login", "/register"]) {
      const res = visit(path, "authjs.session-token=x");
      expect(new URL(res.headers.get("location")!).pathname).toBe("/dashboard");
    }
  });

  it("lets an expired session reach /login", () => {
    expect(visit("/login?expired=1", "authjs.session-token=x").headers.get("location")).toBeNull();
  });
});
