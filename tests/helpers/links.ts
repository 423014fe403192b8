import { db } from "@/lib/server/db";

/** Links of a page (a first page's id is its account's) straight into the database, in order, for tests that need a starting list. */
export async function seedLinks(pageId: string, count: number, overrides: { active?: boolean[] } = {}) {
  const created = [];
  for (let i = 0; i < count; i++) {
    created.push(
      await db.link.create({
        data: { pageId, title: `Link ${i + 1}`, url: `https://example.com/${i + 1}`, order: i, active: overrides.active?.[i] ?? true },
      }),
    );
  }
  return created;
}

export async function orderOf(pageId: string): Promise<string[]> {
  const links = await db.link.findMany({ where: { pageId }, orderBy: { order: "asc" }, select: { id: true, order: true } });
  links.forEach((l, i) => {
    if (l.order !== i) throw new Error(`positions are not gapless: ${links.map((x) => x.order).join(",")}`);
  });
  return links.map((l) => l.id);
}
