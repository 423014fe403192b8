import { GET as page } from "./route";
import { GET as linkPage } from "./[linkId]/route";
import { GET as profileJson } from "@/app/api/profiles/[username]/route";
import { PATCH as patchLink } from "@/app/api/links/[id]/route";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { signedInUser } from "@/tests/factories";
import { seedLinks } from "@/tests/helpers/links";
import { params, request } from "@/tests/helpers/request";
import { visitor } from "@/tests/helpers/visitor";

async function owner() {
  const s = await signedInUser({ username: "ana_souza", name: "Ana Souza", email: "ana.secreta@example.com", phone: "(11) 98765-4321", isAdmin: true });
  await db.page.update({ where: { id: s.user.id }, data: { bio: "Criadora de conteúdo", socials: { instagram: "ana.souza", whatsapp: "5511987654321" } } });
  const links = await seedLinks(s.user.id, 4, { active: [true, false, true, true] });
  return { ...s, links };
}

const html = async (username: string) => {
  const res = await page(request(`/${username}`), params({ username }));
  return { res, text: await res.text() };
};

describe("GET /:username", () => {
  it("renders the active links in order as real links, with no framework JavaScript", async () => {
    const { links } = await owner();
    const { res, text } = await html("ana_souza");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(text).toContain('<html lang="pt-BR">');
    expect(text).toContain("Ana Souza");
    expect(text).toContain("Criadora de conteúdo");
    const hrefs = [...text.matchAll(/<a class="vp-btn" href="([^"]+)" target="_blank" rel="noopener noreferrer"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([links[0]!.url, links[2]!.url, links[3]!.url]);
    expect(text).not.toContain(links[1]!.url);
    expect(text).toContain('href="https://instagram.com/ana.souza"');
    expect(text).toContain('href="https://wa.me/5511987654321"');
    expect(text).not.toMatch(/_next\/static|<script src=/);
    expect(text).toMatch(/<meta property="og:title" content="Ana Souza \(@ana_souza\) · Vitrine"\/>/);
    expect(text).toMatch(/<meta property="og:description" content="Criadora de conteúdo"\/>/);
    expect(text).toMatch(/<link rel="canonical" href="http:\/\/localhost:3000\/ana_souza"\/>/);
    expect(text).toContain('name="twitter:card" content="summary_large_image"');
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'sha256-[^']+'/);
  });

  it("never shows the e-mail, phone, owner id or admin flag", async () => {
    const { user } = await owner();
    const { text } = await html("ana_souza");
    const json = JSON.stringify(await (await profileJson(request("/api/profiles/ana_souza"), params({ username: "ana_souza" }))).json());
    for (const body of [text, json]) {
      expect(body).not.toContain("ana.secreta@example.com");
      expect(body).not.toContain("98765-4321");
      expect(body).not.toContain(user.id);
      expect(body).not.toMatch(/isAdmin|passwordHash|email|phone/);
    }
  });

  it("answers 404 with 'Perfil não encontrado' for unknown, reserved and deactivated names", async () => {
    const { user } = await owner();
    await db.page.update({ where: { id: user.id }, data: { active: false } });
    for (const name of ["ana_souza", "ninguem", "admin", "dashboard", "a-b"]) {
      const { res, text } = await html(name);
      expect(res.status).toBe(404);
      expect(text).toContain("Perfil não encontrado");
      expect(text).toContain("Este perfil não existe ou foi removido.");
      expect((await profileJson(request(`/api/profiles/${name}`), params({ username: name }))).status).toBe(404);
    }
  });

  it("shows an owner's change at once, and answers 304 to a fresh ETag", async () => {
    const { cookie, links } = await owner();
    const first = await html("ana_souza");
    const etag = first.res.headers.get("etag")!;
    const again = await page(request("/ana_souza", { headers: { "if-none-match": etag } }), params({ username: "ana_souza" }));
    expect(again.status).toBe(304);
    await patchLink(request(`/api/links/${links[1]!.id}`, { method: "PATCH", body: { active: true }, headers: { cookie } }), params({ id: links[1]!.id }));
    const after = await html("ana_souza");
    expect(after.text).toContain(links[1]!.url);
    expect(after.res.headers.get("etag")).not.toBe(etag);
  });

  it("sends /Ana to /ana", async () => {
    const res = await page(request("/Ana_Souza"), params({ username: "Ana_Souza" }));
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe("/ana_souza");
  });

  it("sends HSTS only when reached over https through a trusted proxy", async () => {
    await owner();
    const hsts = async (headers: Record<string, string>) =>
      (await page(request("/ana_souza", { headers }), params({ username: "ana_souza" }))).headers.get("strict-transport-security");
    expect(await hsts({ "x-forwarded-proto": "https" })).toBeNull(); // TRUST_PROXY is off
    process.env.TRUST_PROXY = "true";
    resetEnvCache();
    try {
      expect(await hsts({ "x-forwarded-proto": "https" })).toBe("max-age=63072000; includeSubDomains");
      expect(await hsts({ "x-forwarded-proto": "http" })).toBeNull();
    } finally {
      delete process.env.TRUST_PROXY;
      resetEnvCache();
    }
  });

  it("renders hostile text inert", async () => {
    const { user } = await owner();
    await db.page.update({ where: { id: user.id }, data: { name: "<script>alert(1)</script>", bio: '"><img src=x onerror=alert(1)>' } });
    await db.link.updateMany({ where: { pageId: user.id }, data: { title: "</a><script>alert(2)</script>" } });
    const { text } = await html("ana_souza");
    expect(text).not.toContain("<script>alert");
    expect(text).not.toContain("<img src=x");
    expect(text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

describe("GET /:username/:linkId", () => {
  it("counts a person's click and redirects to the link", async () => {
    const { links } = await owner();
    const id = links[0]!.id;
    const res = await linkPage(visitor(`/ana_souza/${id}`, "198.51.100.1", { method: "GET" }), params({ username: "ana_souza", linkId: id }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(links[0]!.url);
    expect((await db.link.findUniqueOrThrow({ where: { id } })).clicks).toBe(1);
  });

  it("shows 'Link não encontrado' for an inactive, unknown or someone else's link", async () => {
    const { links } = await owner();
    const other = await signedInUser({ username: "bruno" });
    const [foreign] = await seedLinks(other.user.id, 1);
    for (const [username, linkId] of [
      ["ana_souza", links[1]!.id],
      ["ana_souza", "nope"],
      ["ana_souza", foreign!.id],
    ]) {
      const res = await linkPage(visitor(`/${username}/${linkId}`, "198.51.100.2", { method: "GET" }), params({ username: username!, linkId: linkId! }));
      expect(res.status).toBe(404);
      const text = await res.text();
      expect(text).toContain("Link não encontrado");
      expect(text).toContain("Este link foi excluído ou não existe mais.");
      expect(text).toContain("Deseja criar um link?");
      expect(text).toContain("Acesse agora");
    }
    expect(await db.link.aggregate({ _sum: { clicks: true } })).toEqual({ _sum: { clicks: 0 } });
  });
});

describe("an administrator's deactivation", () => {
  it("hides the page, its JSON and its counters at once, and brings them back", async () => {
    const { PATCH: toggle } = await import("@/app/api/admin/pages/[id]/toggle-status/route");
    const { POST: view } = await import("@/app/api/profiles/[username]/view/route");
    const { user, links } = await owner();
    const admin = await signedInUser({ isAdmin: true });
    expect((await html("ana_souza")).res.status).toBe(200); // warm in the cache
    const off = await toggle(
      request(`/api/admin/pages/${user.id}/toggle-status`, { method: "PATCH", headers: { cookie: admin.cookie } }),
      params({ id: user.id }),
    );
    expect(await off.json()).toEqual({ id: user.id, active: false });
    expect((await html("ana_souza")).res.status).toBe(404);
    expect((await profileJson(request("/api/profiles/ana_souza"), params({ username: "ana_souza" }))).status).toBe(404);
    expect((await view(visitor("/api/profiles/ana_souza/view"), params({ username: "ana_souza" }))).status).toBe(404);
    const linkRes = await linkPage(
      visitor(`/ana_souza/${links[0]!.id}`, "198.51.100.3", { method: "GET" }),
      params({ username: "ana_souza", linkId: links[0]!.id }),
    );
    expect(linkRes.status).toBe(404);
    await toggle(request(`/api/admin/pages/${user.id}/toggle-status`, { method: "PATCH", headers: { cookie: admin.cookie } }), params({ id: user.id }));
    expect((await html("ana_souza")).res.status).toBe(200);
  });
});
