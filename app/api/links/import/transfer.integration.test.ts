import { POST as importLinks } from "./route";
import { GET as exportLinks } from "../export/route";
import { GET as list, POST as create } from "../route";
import { IMPORT_MAX_BYTES } from "@/lib/links/link-import";
import { PAGE_LINK_LIMIT } from "@/lib/links/link-limit";
import { db } from "@/lib/server/db";
import { signedInUser } from "@/tests/factories";
import { BASE_URL, request } from "@/tests/helpers/request";

// api.md, Links (second release): export as JSON or CSV; import either with
// a dry run, row errors by number, at most 200 rows, valid rows appended in one transaction.

function importRequest(cookie: string, text: string, dryRun: boolean, name = "links.csv", extra: Record<string, string> = {}) {
  const form = new FormData();
  form.append("file", new Blob([text], { type: name.endsWith(".json") ? "application/json" : "text/csv" }), name);
  form.append("dryRun", String(dryRun));
  return new Request(`${BASE_URL}/api/links/import`, { method: "POST", headers: { cookie, "x-vitrine-client-ip": "203.0.113.10", ...extra }, body: form });
}

const CSV = [
  "titulo,url,ativo",
  "Loja,https://loja.example.com,sim",
  "Quebrado,javascript:alert(1),sim",
  '"Vírgula, e ""aspas""",example.com/a,não',
  ",https://sem-titulo.example.com,sim",
  "Talvez,https://t.example.com,talvez",
].join("\r\n");

type Listed = { kind: string; title: string; url: string | null; active: boolean; highlighted: boolean; startsAt: string | null; endsAt: string | null };
const shape = (links: Listed[]) =>
  links.map(({ kind, title, url, active, highlighted, startsAt, endsAt }) => ({ kind, title, url, active, highlighted, startsAt, endsAt }));

describe("import and export", () => {
  it("a dry run reports each bad row by its number and writes nothing", async () => {
    const { cookie } = await signedInUser();
    const res = await importLinks(importRequest(cookie, CSV, true));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      created: 0,
      valid: 2,
      errors: [
        { row: 2, message: "URL inválida" },
        { row: 4, message: "O título é obrigatório" },
        { row: 5, message: "Ativo inválido: use sim, não, true ou false" },
      ],
    });
    expect(await db.link.count()).toBe(0);
  });

  it("appends the valid rows after the last link, in file order, and skips the bad ones", async () => {
    const { user, cookie } = await signedInUser();
    await create(request("/api/links", { body: { title: "Primeiro", url: "https://primeiro.example.com" }, headers: { cookie } }));
    const res = await importLinks(importRequest(cookie, `\uFEFF${CSV}`, false));
    expect(await res.json()).toMatchObject({ created: 2, valid: 2 });
    const links = await db.link.findMany({ where: { pageId: user.id }, orderBy: { order: "asc" } });
    expect(links.map((l) => [l.order, l.title, l.url, l.active])).toEqual([
      [0, "Primeiro", "https://primeiro.example.com/", true],
      [1, "Loja", "https://loja.example.com/", true],
      [2, 'Vírgula, e "aspas"', "https://example.com/a", false],
    ]);
  });

  it("refuses 201 rows, a file over 1 MB, a CSV without the header and a missing file, writing nothing", async () => {
    const { cookie } = await signedInUser();
    const rows = Array.from({ length: 201 }, (_, i) => `Link ${i},https://e.com/${i},sim`);
    const many = await importLinks(importRequest(cookie, ["titulo,url,ativo", ...rows].join("\n"), false));
    expect(many.status).toBe(400);
    expect((await many.json()).message).toBe("O arquivo tem mais de 200 linhas. Divida-o em partes menores.");
    const exactly200 = await importLinks(importRequest(cookie, ["titulo,url,ativo", ...rows.slice(0, 200)].join("\n"), true));
    expect(await exactly200.json()).toMatchObject({ valid: 200, errors: [] });
    const big = await importLinks(importRequest(cookie, `titulo,url,ativo\n${"a".repeat(IMPORT_MAX_BYTES + 10)}`, false));
    expect(big.status).toBe(413);
    const headerless = await importLinks(importRequest(cookie, "nome,link\nA,https://a.com", false));
    expect(headerless.status).toBe(400);
    const empty = new Request(`${BASE_URL}/api/links/import`, { method: "POST", headers: { cookie }, body: new FormData() });
    expect((await importLinks(empty)).status).toBe(400);
    expect(await db.link.count()).toBe(0);
  });

  it("export → import gives the same links (JSON keeps sections, schedules and highlights; CSV the links)", async () => {
    const a = await signedInUser();
    const body = (b: object) => ({ body: b, headers: { cookie: a.cookie } });
    await create(request("/api/links", body({ title: "Loja", url: "https://loja.example.com", highlighted: true })));
    await create(request("/api/links", body({ kind: "header", title: "Contato" })));
    await create(request("/api/links", body({ title: "E-mail", url: "mailto:ana@example.com", active: false })));
    await create(
      request("/api/links", body({ title: "=SOMA(1;2)", url: "https://f.example.com", startsAt: "2030-01-01T00:00:00Z", endsAt: "2030-02-01T00:00:00Z" })),
    );
    const original = shape(await (await list(request("/api/links", { headers: { cookie: a.cookie } }))).json());

    const json = await exportLinks(request("/api/links/export?format=json", { headers: { cookie: a.cookie } }));
    expect(json.headers.get("content-disposition")).toBe('attachment; filename="vitrine-links.json"');
    const b = await signedInUser();
    expect(await (await importLinks(importRequest(b.cookie, await json.text(), false, "links.json"))).json()).toEqual({ created: 4, valid: 4, errors: [] });
    expect(shape(await (await list(request("/api/links", { headers: { cookie: b.cookie } }))).json())).toEqual(original);

    const csv = await exportLinks(request("/api/links/export?format=csv", { headers: { cookie: a.cookie } }));
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // so spreadsheets read UTF-8
    const text = bytes.toString("utf8");
    expect(text.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("titulo,url,ativo");
    expect(text).toContain("'=SOMA(1;2)"); // a spreadsheet would run it as a formula
    const c = await signedInUser();
    expect(await (await importLinks(importRequest(c.cookie, text, false))).json()).toEqual({ created: 3, valid: 3, errors: [] });
    const fromCsv = await (await list(request("/api/links", { headers: { cookie: c.cookie } }))).json();
    expect(fromCsv.map((l: Listed) => [l.title, l.url, l.active])).toEqual(original.filter((l) => l.kind === "link").map((l) => [l.title, l.url, l.active]));
  });

  it("limits imports (previews included) per account: 429 with Retry-After past 60 in 10 minutes", async () => {
    const { cookie } = await signedInUser();
    for (let i = 0; i < 60; i++) expect((await importLinks(importRequest(cookie, "titulo,url,ativo\n", true))).status).toBe(200);
    const limited = await importLinks(importRequest(cookie, CSV, false));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await db.link.count()).toBe(0);
  });

  it("answers 401 without a session, 403 cross-site, and 400 for an unknown format", async () => {
    const { cookie } = await signedInUser();
    expect((await exportLinks(request("/api/links/export?format=json"))).status).toBe(401);
    expect((await exportLinks(request("/api/links/export?format=xml", { headers: { cookie } }))).status).toBe(400);
    expect((await importLinks(importRequest("", CSV, false))).status).toBe(401);
    expect((await importLinks(importRequest(cookie, CSV, false, "links.csv", { origin: "https://evil.example" }))).status).toBe(403);
    expect(await db.link.count()).toBe(0);
  });

  it("stops at the page's link limit as POST /api/links does: the rows past it refused with its message, and each imported link told to the page's webhooks", async () => {
    const { user, cookie } = await signedInUser();
    await db.link.createMany({
      data: Array.from({ length: PAGE_LINK_LIMIT - 2 }, (_, i) => ({ pageId: user.id, title: `L${i}`, url: `https://l.example.com/${i}`, order: i })),
    });
    await db.webhookEndpoint.create({ data: { pageId: user.id, url: "https://crm.example.com/hook", secret: "s", events: ["link.created"] } });
    const csv = [
      "titulo,url,ativo",
      "Um,https://um.example.com,sim",
      "Quebrado,javascript:alert(1),sim",
      "Dois,https://dois.example.com,sim",
      "Três,https://tres.example.com,sim",
      "Quatro,https://quatro.example.com,sim",
    ].join("\n");
    const limit = `Esta página chegou ao limite de ${PAGE_LINK_LIMIT} links. Apague algum para adicionar outro.`;
    const expected = {
      valid: 2,
      errors: [
        { row: 2, message: "URL inválida" },
        { row: 4, message: limit },
        { row: 5, message: limit },
      ],
    };
    expect(await (await importLinks(importRequest(cookie, csv, true))).json()).toEqual({ created: 0, ...expected });
    expect(await (await importLinks(importRequest(cookie, csv, false))).json()).toEqual({ created: 2, ...expected });
    const last = await db.link.findMany({ where: { pageId: user.id }, orderBy: { order: "desc" }, take: 2 });
    expect(last.map((l) => [l.order, l.title])).toEqual([
      [PAGE_LINK_LIMIT - 1, "Dois"],
      [PAGE_LINK_LIMIT - 2, "Um"],
    ]);
    const events = await db.webhookDelivery.findMany({ where: { type: "link.created" }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => (JSON.parse(e.payload) as { data: { title: string } }).data.title).sort()).toEqual(["Dois", "Um"]);
    // Full: the next import adds nothing and says why for every row.
    const again = await (await importLinks(importRequest(cookie, "titulo,url,ativo\nCinco,https://cinco.example.com,sim", false))).json();
    expect(again).toEqual({ created: 0, valid: 0, errors: [{ row: 1, message: limit }] });
    expect(await db.link.count({ where: { pageId: user.id } })).toBe(PAGE_LINK_LIMIT);
  });
});
