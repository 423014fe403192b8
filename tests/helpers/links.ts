import { db } from "@/lib/server/db";

/** Links straight into the database, in order, for tests that need a starting list. */
export async function seedLinks(userId: string, count: number, overrides: { active?: boolean[] } = {}) {
  const created = [];
  for (let i = 0; i < count; i++) {
    created.push(
      await db.link.create({
        data: { userId, title: `Link ${i + 1}`, url: `https://example.com/${i + 1}`, order: i, active: overrides.active?.[i] ?? true },
      }),
    );
  }
  return created;
}

export async function orderOf(userId: string): Promise<string[]> {
  const links = await db.link.findMany({ where: { userId }, orderBy: { order: "asc" }, select: { id: true, order: true } });
  links.forEach((l, i) => {
    if (l.order !== i) throw new Error(`positions are not gapless: ${links.map((x) => x.order).join(",")}`);
  });
  return links.map((l) => l.id);
}
