import { GET as robots } from "@/app/robots.txt/route";
import { GET as sitemap } from "./route";
import { GET as part } from "@/app/sitemaps/[part]/route";
import { db } from "@/lib/server/db";
import { params, request } from "@/tests/helpers/request";

// api.md, Creator blocks: /robots.txt names the sitemap; /sitemap.xml is an
// index of parts of at most 50,000 addresses listing the active, indexable,
// not flagged pages only.

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
const getPart = (n: string) => part(request(`/sitemaps/${n}`), params({ part: n }));

/** `count` pages named `${prefix}000001`... in one statement, with the given column values. */
async function insertUsers(prefix: string, count: number, columns: { pageActive?: boolean; indexable?: boolean; sensitive?: string } = {}) {
  const pageActive = columns.pageActive ?? true;
  const indexable = columns.indexable ?? true;
  const sensitive = columns.sensitive ?? "none";
  await db.$executeRaw`
    INSERT INTO "Page" (id, name, username, "updatedAt", "active", indexable, sensitive)
    SELECT ${prefix} || g, 'Pessoa ' || g, ${prefix} || lpad(g::text, 6, '0'), now(), ${pageActive}, ${indexable}, ${sensitive}
    FROM generate_series(1, ${count}::int) AS g`;
}

it("robots.txt allows the pages, keeps crawlers out of the API and private screens, and names the sitemap by its absolute address", async () => {
  const res = await robots(request("/robots.txt"), params({}));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  expect(res.headers.get("cache-control")).toBe("public, max-age=300");
  const text = await res.text();
  expect(text).toMatch(/^User-agent: \*\nAllow: \/\nDisallow: \/api\/\n/);
  for (const line of ["Disallow: /dashboard$", "Disallow: /dashboard/", "Disallow: /settings$", "Disallow: /admin/", "Disallow: /cover$"])
    expect(text).toContain(`${line}\n`);
  // A plain prefix would hide a page such as /settings_br: every rule ends with $ or /.
  expect(text.split("\n").filter((l) => l.startsWith("Disallow:") && !/[$/]$/.test(l))).toEqual([]);
  expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml\n");
});

it("an empty site still has an index with one (empty) part", async () => {
  const index = await (await sitemap(request("/sitemap.xml"), params({}))).text();
  expect(locs(index)).toEqual(["http://localhost:3000/sitemaps/1.xml"]);
  const first = await getPart("1.xml");
  expect(first.status).toBe(200);
  expect(locs(await first.text())).toEqual([]);
  expect((await getPart("2.xml")).status).toBe(404);
});

it("splits more than 50,000 pages into parts and leaves out inactive, deactivated, non-indexable and flagged pages", async () => {
  await insertUsers("p", 50_003);
  await insertUsers("inativo", 3, { pageActive: false });
  await insertUsers("oculto", 3, { indexable: false });
  await insertUsers("adulto", 3, { sensitive: "adult" });
  await insertUsers("sensivel", 3, { sensitive: "sensitive" });
  // An administrator's deactivation also records when; the page stays out.
  await db.page.updateMany({ where: { username: { startsWith: "inativo" } }, data: { deactivatedAt: new Date(), deactivationReason: "spam" } });

  const res = await sitemap(request("/sitemap.xml"), params({}));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  const index = await res.text();
  expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(locs(index)).toEqual(["http://localhost:3000/sitemaps/1.xml", "http://localhost:3000/sitemaps/2.xml"]);

  const first = locs(await (await getPart("1.xml")).text());
  const second = locs(await (await getPart("2.xml")).text());
  expect(first).toHaveLength(50_000);
  expect(first[0]).toBe("http://localhost:3000/p000001");
  expect(second).toEqual(["http://localhost:3000/p050001", "http://localhost:3000/p050002", "http://localhost:3000/p050003"]);
  const all = new Set([...first, ...second]);
  expect(all.size).toBe(50_003);
  expect([...all].filter((u) => !/\/p\d{6}$/.test(u))).toEqual([]);
  expect((await getPart("3.xml")).status).toBe(404);
  for (const bad of ["0.xml", "1", "x.xml", "01.xml", "999999.xml"]) expect((await getPart(bad)).status).toBe(404);
}, 120_000);
