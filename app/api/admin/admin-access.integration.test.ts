import { GET as audit } from "./audit/route";
import { GET as check } from "./check/route";
import { GET as pages } from "./pages/route";
import { PATCH as toggleStatus } from "./pages/[id]/toggle-status/route";
import { GET as signUpStops } from "./signup-stops/route";
import { GET as stats } from "./stats/route";
import { GET as users } from "./users/route";
import { PATCH as toggleAdmin } from "./users/[id]/toggle-admin/route";
import { db } from "@/lib/server/db";
import { createUser, signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";

// Every administration call, as nobody, as a user and as an administrator:
// the handler itself decides, whatever the proxy did.

type Call = { name: string; run: (cookie: string | undefined, targetId: string) => Promise<Response> };
const headers = (cookie?: string) => (cookie ? { cookie } : undefined);
const calls: Call[] = [
  { name: "GET /api/admin/stats", run: (c) => stats(request("/api/admin/stats", { headers: headers(c) })) },
  { name: "GET /api/admin/pages", run: (c) => pages(request("/api/admin/pages", { headers: headers(c) })) },
  { name: "GET /api/admin/users", run: (c) => users(request("/api/admin/users", { headers: headers(c) })) },
  { name: "GET /api/admin/audit", run: (c) => audit(request("/api/admin/audit", { headers: headers(c) })) },
  // DELETE /api/admin/signup-stops/:id: app/api/subscribe/audience-caps.integration.test.ts (it answers 404 for a page that is not stopped).
  { name: "GET /api/admin/signup-stops", run: (c) => signUpStops(request("/api/admin/signup-stops", { headers: headers(c) })) },
  {
    name: "PATCH /api/admin/pages/:id/toggle-status",
    run: (c, id) => toggleStatus(request(`/api/admin/pages/${id}/toggle-status`, { method: "PATCH", headers: headers(c) }), params({ id })),
  },
  {
    name: "PATCH /api/admin/users/:id/toggle-admin",
    run: (c, id) => toggleAdmin(request(`/api/admin/users/${id}/toggle-admin`, { method: "PATCH", headers: headers(c) }), params({ id })),
  },
];

describe("administration access", () => {
  it.each(calls)("$name answers 401 without a session and 403 for a non-admin, changing nothing", async ({ run }) => {
    const target = await createUser();
    const anonymous = await run(undefined, target.id);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: "Você precisa entrar na sua conta." });
    expect((await run("authjs.session-token=forged", target.id)).status).toBe(401);

    const { cookie } = await signedInUser();
    const forbidden = await run(cookie, target.id);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ message: "Você não tem permissão para fazer isso." });

    expect(await db.user.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({ isAdmin: false });
    expect(await db.page.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({ active: true });
    expect(await db.auditLog.count()).toBe(0);
  });

  it.each(calls)("$name answers 200 for an administrator", async ({ run }) => {
    const target = await createUser();
    const { cookie } = await signedInUser({ isAdmin: true });
    const res = await run(cookie, target.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
  });

  it("GET /api/admin/check says whether the signed-in user is an administrator", async () => {
    expect((await check(request("/api/admin/check"))).status).toBe(401);
    const user = await signedInUser();
    expect(await (await check(request("/api/admin/check", { headers: { cookie: user.cookie } }))).json()).toEqual({ isAdmin: false });
    const admin = await signedInUser({ isAdmin: true });
    expect(await (await check(request("/api/admin/check", { headers: { cookie: admin.cookie } }))).json()).toEqual({ isAdmin: true });
  });

  it("a demoted administrator gets 403 on the very next request", async () => {
    const first = await signedInUser({ isAdmin: true });
    const second = await signedInUser({ isAdmin: true });
    const asSecond = () => stats(request("/api/admin/stats", { headers: { cookie: second.cookie } }));
    expect((await asSecond()).status).toBe(200);

    const res = await toggleAdmin(
      request(`/api/admin/users/${second.user.id}/toggle-admin`, { method: "PATCH", headers: { cookie: first.cookie } }),
      params({ id: second.user.id }),
    );
    expect(await res.json()).toEqual({ id: second.user.id, isAdmin: false });

    expect((await asSecond()).status).toBe(403);
    const checked = await check(request("/api/admin/check", { headers: { cookie: second.cookie } }));
    expect(await checked.json()).toEqual({ isAdmin: false });
    const retaliation = await toggleAdmin(
      request(`/api/admin/users/${first.user.id}/toggle-admin`, { method: "PATCH", headers: { cookie: second.cookie } }),
      params({ id: first.user.id }),
    );
    expect(retaliation.status).toBe(403);
    expect((await db.user.findUniqueOrThrow({ where: { id: first.user.id } })).isAdmin).toBe(true);
  });

  it("refuses a cross-site toggle with 403", async () => {
    const target = await createUser();
    const { cookie } = await signedInUser({ isAdmin: true });
    const res = await toggleStatus(
      request(`/api/admin/pages/${target.id}/toggle-status`, {
        method: "PATCH",
        headers: { cookie, origin: "https://evil.example" },
      }),
      params({ id: target.id }),
    );
    expect(res.status).toBe(403);
    expect((await db.page.findUniqueOrThrow({ where: { id: target.id } })).active).toBe(true);
  });
});
