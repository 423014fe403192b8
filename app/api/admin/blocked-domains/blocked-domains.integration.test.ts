import { DELETE as unblock } from "./[domain]/route";
import { GET as list, POST as block } from "./route";
import { GET as page } from "@/app/[username]/route";
import { GET as shortLink } from "@/app/[username]/[linkId]/route";
import { POST as click } from "@/app/api/links/[id]/click/route";
import { POST as createLink } from "@/app/api/links/route";
import { PUT as replaceLink } from "@/app/api/links/[id]/route";
import { GET as profileJson } from "@/app/api/profiles/[username]/route";
import { blockedUrls } from "@/lib/moderation/blocked-domains";
import { db } from "@/lib/server/db";
import { signedInUser } from "@/tests/factories";
import { testDatabase } from "@/tests/db";
import { params, request } from "@/tests/helpers/request";
import { visitor } from "@/tests/helpers/visitor";

const blockAs = (cookie: string, domain: string) => block(request("/api/admin/blocked-domains", { body: { domain }, headers: { cookie } }));
const unblockAs = (cookie: string, domain: string) =>
  unblock(request(`/api/admin/blocked-domains/${domain}`, { method: "DELETE", headers: { cookie } }), params({ domain }));
const create = (cookie: string, url: string) => createLink(request("/api/links", { body: { title: "Oferta", url }, headers: { cookie } }));

/** What the public meets of one link: on the page, in the JSON, by click and by short link. */
async function publicFace(username: string, linkId: string) {
  const html = await (await page(request(`/${username}`), params({ username }))).text();
  const json = await (await profileJson(request(`/api/profiles/${username}`), params({ username }))).json();
  const clicked = await click(visitor(`/api/links/${linkId}/click`), params({ id: linkId }));
  const followed = await shortLink(visitor(`/${username}/${linkId}`, "198.51.100.3", { method: "GET" }), params({ username, linkId }));
  return {
    onPage: html.includes(`data-link-id="${linkId}"`),
    inJson: (json.links as { id: string }[]).some((l) => l.id === linkId),
    click: clicked.status,
    short: followed.status,
  };
}

describe("blocked domains", () => {
  it("refuses links to the domain and its subdomains on create and edit, not look-alikes", async () => {
    const admin = await signedInUser({ isAdmin: true });
    const owner = await signedInUser({ username: "ana" });
    const res = await blockAs(admin.cookie, " Evil.Example ");
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ domain: "evil.example" });

    for (const url of ["https://evil.example", "https://a.b.evil.example/x", "http://EVIL.example./"]) {
      const refused = await create(owner.cookie, url);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ message: "Este domínio não é permitido", errors: { url: "Este domínio não é permitido" } });
    }
    const ok = await create(owner.cookie, "https://notevil.example");
    expect(ok.status).toBe(201);
    const { id } = await ok.json();
    const edit = await replaceLink(
      request(`/api/links/${id}`, {
        method: "PUT",
        body: { title: "Oferta", url: "https://evil.example/promo", active: true },
        headers: { cookie: owner.cookie },
      }),
      params({ id }),
    );
    expect(edit.status).toBe(400);
    expect((await db.link.findMany({ where: { pageId: owner.user.id } })).map((l) => l.url)).toEqual(["https://notevil.example/"]);
    // The batch check a link import uses.
    expect(await blockedUrls(["https://a.b.evil.example/1", "https://notevil.example/", "mailto:x@evil.example", "tel:+551199"])).toEqual(
      new Set(["https://a.b.evil.example/1", "mailto:x@evil.example"]),
    );
  });

  it("hides a saved link from the page, the JSON, the click and the short link at once; unblocking restores it", async () => {
    const admin = await signedInUser({ isAdmin: true });
    const owner = await signedInUser({ username: "ana" });
    const bad = await db.link.create({ data: { pageId: owner.user.id, title: "Golpe", url: "https://promo.evil.example/x", order: 0 } });
    await db.link.create({ data: { pageId: owner.user.id, title: "Loja", url: "https://notevil.example", order: 1 } });
    expect(await publicFace("ana", bad.id)).toEqual({ onPage: true, inJson: true, click: 204, short: 302 }); // and the page is now warm

    expect((await blockAs(admin.cookie, "evil.example")).status).toBe(201);
    expect(await publicFace("ana", bad.id)).toEqual({ onPage: false, inJson: false, click: 404, short: 404 });
    const html = await (await page(request("/ana"), params({ username: "ana" }))).text();
    expect(html).toContain("notevil.example");

    expect((await unblockAs(admin.cookie, "evil.example")).status).toBe(200);
    expect(await publicFace("ana", bad.id)).toEqual({ onPage: true, inJson: true, click: 204, short: 302 });

    const audit = await db.auditLog.findMany({ orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.action, (a.details as { note?: string }).note])).toEqual([
      ["domain.block", "evil.example"],
      ["domain.unblock", "evil.example"],
    ]);
  });

  (testDatabase() === "postgres" ? it : it.skip)("drops warm pages when another instance blocks a domain (a PageChange row on PostgreSQL)", async () => {
    const owner = await signedInUser({ username: "ana" });
    const bad = await db.link.create({ data: { pageId: owner.user.id, title: "Golpe", url: "https://evil.example", order: 0 } });
    const shown = async () => (await (await page(request("/ana"), params({ username: "ana" }))).text()).includes(bad.id);
    // Warm the page (memory answers once this instance has looked at PageChange).
    for (let i = 0; i < 50 && !(await shown()); i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    expect(await shown()).toBe(true);
    // What another instance does: write the row, then a PageChange row for every page.
    await db.blockedDomain.create({ data: { domain: "evil.example" } });
    await db.$executeRaw`INSERT INTO "PageChange" ("pageId") VALUES (NULL)`;
    let visible = true;
    for (let i = 0; i < 40 && visible; i++) {
      await new Promise((r) => setTimeout(r, 50));
      visible = await shown();
    }
    expect(visible).toBe(false);
  });

  it("lists, refuses a bad or repeated domain, 404 on unknown removal, and is for administrators only", async () => {
    const admin = await signedInUser({ isAdmin: true });
    expect((await blockAs(admin.cookie, "evil.example")).status).toBe(201);
    const again = await blockAs(admin.cookie, "https://EVIL.example/");
    expect(again.status).toBe(409);
    expect((await again.json()).errors).toEqual({ domain: "Este domínio já está bloqueado" });
    for (const bad of ["", "evil", "127.0.0.1", "not a domain"]) {
      const res = await blockAs(admin.cookie, bad);
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ domain: "Informe um domínio válido, como exemplo.com" });
    }
    expect((await unblockAs(admin.cookie, "other.example")).status).toBe(404);
    const rows = await (await list(request("/api/admin/blocked-domains", { headers: { cookie: admin.cookie } }))).json();
    expect(rows).toEqual([{ domain: "evil.example", createdAt: expect.any(String) }]);

    const member = await signedInUser();
    expect((await blockAs(member.cookie, "x.example")).status).toBe(403);
    expect((await unblockAs(member.cookie, "evil.example")).status).toBe(403);
    expect((await list(request("/api/admin/blocked-domains"))).status).toBe(401);
    expect(await db.blockedDomain.count()).toBe(1);
    expect(await db.auditLog.count()).toBe(1);
  });
});
