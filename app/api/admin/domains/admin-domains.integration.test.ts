import { GET } from "./route";
import { DELETE } from "./[id]/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";
import { loadDomainHosts } from "@/lib/domains/load-host-list";
import { lookUpHost } from "@/lib/domains/host-list";

// The administration's domains list (page, status, since) and removal.

const saved = { ...process.env };
beforeEach(() => {
  process.env.CUSTOM_DOMAIN_TARGET = "cname.vitrine.test";
  resetEnvCache();
});
afterAll(() => {
  process.env = saved;
  resetEnvCache();
});

it("lists every domain with its page, status and since, and removes one at once", async () => {
  const admin = await signedInUser({ isAdmin: true });
  const other = await signedInUser({ username: "ana", name: "Ana Souza" });
  const verifiedAt = new Date("2026-11-20T10:00:00Z");
  const row = await db.customDomain.create({ data: { pageId: other.user.id, domain: "links.loja.test", token: "t", status: "active", verifiedAt } });
  await loadDomainHosts();
  expect((await GET(request("/api/admin/domains", { headers: { cookie: other.cookie } }))).status).toBe(403);
  const res = await GET(request("/api/admin/domains", { headers: { cookie: admin.cookie } }));
  expect(await res.json()).toEqual([
    {
      id: row.id,
      domain: "links.loja.test",
      status: "active",
      since: verifiedAt.toISOString(),
      page: { id: other.user.id, username: "ana", name: "Ana Souza" },
    },
  ]);

  expect((await DELETE(request(`/api/admin/domains/${row.id}`, { method: "DELETE", headers: { cookie: other.cookie } }), params({ id: row.id }))).status).toBe(
    403,
  );
  const removed = await DELETE(request(`/api/admin/domains/${row.id}`, { method: "DELETE", headers: { cookie: admin.cookie } }), params({ id: row.id }));
  expect(removed.status).toBe(200);
  expect(lookUpHost("links.loja.test")).toBeNull();
  expect(await db.customDomain.count()).toBe(0);
  expect((await DELETE(request(`/api/admin/domains/${row.id}`, { method: "DELETE", headers: { cookie: admin.cookie } }), params({ id: row.id }))).status).toBe(
    404,
  );

  delete process.env.CUSTOM_DOMAIN_TARGET;
  resetEnvCache();
  expect((await GET(request("/api/admin/domains", { headers: { cookie: admin.cookie } }))).status).toBe(404);
});
