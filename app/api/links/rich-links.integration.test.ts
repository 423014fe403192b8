import { GET as list, POST as create } from "./route";
import { PATCH as patch, PUT as replace } from "./[id]/route";
import { POST as click } from "./[id]/click/route";
import { GET as page } from "@/app/[username]/route";
import { GET as follow } from "@/app/[username]/[linkId]/route";
import { GET as profileJson } from "@/app/api/profiles/[username]/route";
import { db } from "@/lib/server/db";
import { signedInUser } from "@/tests/factories";
import { params, request } from "@/tests/helpers/request";
import { visitor } from "@/tests/helpers/visitor";

// api.md, Links (second release): sections, mailto:/tel:, highlight, and the
// new fields of the link object.

const as = (cookie: string) => ({ headers: { cookie } });

describe("sections", () => {
  it("creates a section title without a URL, shows it as a heading between links, and never counts it", async () => {
    const { user, cookie } = await signedInUser({ username: "secoes" });
    await create(request("/api/links", { body: { title: "Loja", url: "https://loja.example.com" }, ...as(cookie) }));
    const res = await create(request("/api/links", { body: { kind: "header", title: "  Projetos  ", url: "javascript:alert(1)" }, ...as(cookie) }));
    expect(res.status).toBe(201);
    const section = await res.json();
    expect(section).toMatchObject({ kind: "header", title: "Projetos", url: null, order: 1, highlighted: false, thumbnailUrl: null });
    await create(request("/api/links", { body: { title: "Portfólio", url: "https://portfolio.example.com" }, ...as(cookie) }));

    const html = await (await page(request("/secoes"), params({ username: "secoes" }))).text();
    expect(html).toMatch(/loja\.example\.com.*<li class="vp-sec"><h2>Projetos<\/h2><\/li>.*portfolio\.example\.com/s);
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain(`data-link-id="${section.id}"`);
    const json = await (await profileJson(request("/api/profiles/secoes"), params({ username: "secoes" }))).json();
    expect(json.links.map((l: { kind: string; url: string | null }) => [l.kind, l.url])).toEqual([
      ["link", "https://loja.example.com/"],
      ["header", null],
      ["link", "https://portfolio.example.com/"],
    ]);

    expect((await click(visitor(`/api/links/${section.id}/click`), params({ id: section.id }))).status).toBe(404);
    expect(
      (await follow(visitor(`/secoes/${section.id}`, "198.51.100.30", { method: "GET" }), params({ username: "secoes", linkId: section.id }))).status,
    ).toBe(404);
    expect((await db.link.findUniqueOrThrow({ where: { id: section.id } })).clicks).toBe(0);
    expect(await db.dailyProfileStat.count({ where: { pageId: user.id } })).toBe(0);
  });

  it("edits a section's title without a URL, and refuses a section without a title", async () => {
    const { cookie } = await signedInUser();
    const section = await (await create(request("/api/links", { body: { kind: "header", title: "A" }, ...as(cookie) }))).json();
    const put = await replace(
      request(`/api/links/${section.id}`, { method: "PUT", body: { title: "B", active: true }, ...as(cookie) }),
      params({ id: section.id }),
    );
    expect(await put.json()).toMatchObject({ kind: "header", title: "B", url: null });
    const blank = await create(request("/api/links", { body: { kind: "header", title: " " }, ...as(cookie) }));
    expect((await blank.json()).errors).toEqual({ title: "O título é obrigatório" });
    const badKind = await create(request("/api/links", { body: { kind: "video", title: "x", url: "https://a.com" }, ...as(cookie) }));
    expect(badKind.status).toBe(400);
    expect(await db.link.count()).toBe(1);
  });
});

describe("mailto: and tel:", () => {
  it.each([
    ["mailto:ana@example.com", "mailto:ana@example.com"],
    ["MAILTO:ana.souza+loja@exemplo.com.br", "mailto:ana.souza+loja@exemplo.com.br"],
    ["mailto:ana@example.com?subject=Or%C3%A7amento", "mailto:ana@example.com?subject=Or%C3%A7amento"],
    ["tel:+5511987654321", "tel:+5511987654321"],
    ["tel:+55 (11) 98765-4321", "tel:+5511987654321"],
    ["tel:+12345678", "tel:+12345678"],
  ])("accepts %j as %j", async (url, stored) => {
    const { cookie } = await signedInUser();
    const res = await create(request("/api/links", { body: { title: "Contato", url }, ...as(cookie) }));
    expect(res.status).toBe(201);
    expect((await res.json()).url).toBe(stored);
  });

  it.each([
    ["mailto:"],
    ["mailto:ana"],
    ["mailto:ana@example.com,bob@example.com"],
    ["mailto:ana@@example.com"],
    ["mailto: ana@example.com"],
    ["tel:5511987654321"],
    ["tel:+1234567"],
    ["tel:+1234567890123456"],
    ["tel:+55abc98765"],
    ["sms:+5511987654321"],
    ["javascript:alert(1)"],
    ["data:text/html,oi"],
    ["whatsapp://send?phone=1"],
  ])("refuses %j with 'URL inválida'", async (url) => {
    const { cookie } = await signedInUser();
    const res = await create(request("/api/links", { body: { title: "x", url }, ...as(cookie) }));
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ url: "URL inválida" });
    expect(await db.link.count()).toBe(0);
  });

  it("opens mail and phone links in place, with their own icons", async () => {
    const { cookie } = await signedInUser({ username: "contato" });
    await create(request("/api/links", { body: { title: "E-mail", url: "mailto:ana@example.com" }, ...as(cookie) }));
    await create(request("/api/links", { body: { title: "Telefone", url: "tel:+5511987654321" }, ...as(cookie) }));
    const html = await (await page(request("/contato"), params({ username: "contato" }))).text();
    expect(html).toMatch(/<a class="vp-btn" href="mailto:ana@example.com" rel="noopener noreferrer"/);
    expect(html).toMatch(/<a class="vp-btn" href="tel:\+5511987654321" rel="noopener noreferrer"/);
    expect(html).toContain('<path d="M3.5 6.5l8.5 6.5 8.5-6.5"></path>');
  });
});

describe("highlight and the link object", () => {
  it("highlights through POST, PUT and PATCH, and marks the button on the public page", async () => {
    const { cookie } = await signedInUser({ username: "destaque" });
    const a = await (await create(request("/api/links", { body: { title: "A", url: "https://a.com", highlighted: true }, ...as(cookie) }))).json();
    expect(a).toMatchObject({ highlighted: true, startsAt: null, endsAt: null, thumbnailUrl: null, kind: "link" });
    const off = await patch(request(`/api/links/${a.id}`, { method: "PATCH", body: { highlighted: false }, ...as(cookie) }), params({ id: a.id }));
    expect(await off.json()).toMatchObject({ highlighted: false, active: true });
    const on = await replace(
      request(`/api/links/${a.id}`, { method: "PUT", body: { title: "A", url: "https://a.com", active: true, highlighted: true }, ...as(cookie) }),
      params({ id: a.id }),
    );
    expect(await on.json()).toMatchObject({ highlighted: true });
    const html = await (await page(request("/destaque"), params({ username: "destaque" }))).text();
    expect(html).toContain('class="vp-btn vp-hl"');
    expect(html).toMatch(/prefers-reduced-motion:no-preference\)\{\.vp-hl\{animation/);
    const empty = await patch(request(`/api/links/${a.id}`, { method: "PATCH", body: {}, ...as(cookie) }), params({ id: a.id }));
    expect(empty.status).toBe(400);
    const listed = await (await list(request("/api/links", as(cookie)))).json();
    expect(Object.keys(listed[0]).sort()).toEqual(
      [
        "active",
        "clicks",
        "endsAt",
        "highlighted",
        "id",
        "kind",
        "openInApp",
        "order",
        "pix",
        "product",
        "sensitive",
        "startsAt",
        "subscribe",
        "thumbnailUrl",
        "tip",
        "title",
        "url",
      ].sort(),
    );
  });

  it("shows every recognised brand's icon on the public page", async () => {
    const { cookie } = await signedInUser({ username: "marcas" });
    const urls = ["https://tiktok.com/@a", "https://facebook.com/a", "https://x.com/a", "https://linkedin.com/in/a", "https://t.me/a"];
    for (const url of urls) await create(request("/api/links", { body: { title: url, url }, ...as(cookie) }));
    const html = await (await page(request("/marcas"), params({ username: "marcas" }))).text();
    // None of these buttons shows the generic 'external' arrow, and no two share a mark.
    const buttons = [...html.matchAll(/<a class="vp-btn"[^>]*>(.*?)<\/a>/g)].map((m) => m[1]!);
    expect(buttons).toHaveLength(urls.length);
    for (const b of buttons) expect(b).not.toContain("M14 4h6v6");
    expect(new Set(buttons.map((b) => b.replace(/<span>.*<\/span>/, ""))).size).toBe(urls.length);
  });
});
