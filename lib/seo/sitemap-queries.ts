import "server-only";
import { db } from "@/lib/server/db";

// The pages /sitemap.xml lists (api.md, Creator blocks: search engines):
// active, indexable and not flagged sensitive. Both reads walk
// "User_sitemap_idx" (pageActive, indexable, sensitive, username) alone: an
// index-only scan in username order, never the table.

export const SITEMAP_PART_SIZE = 50_000;

/** How many pages the sitemap lists. */
export async function countListedPages(): Promise<number> {
  const [row] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM "Page" WHERE "active" = true AND "indexable" = true AND "sensitive" = 'none'`;
  return Number(row?.n ?? 0);
}

/** The usernames of part `part` (1-based), in username order, at most SITEMAP_PART_SIZE. */
export async function listedUsernames(part: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ username: string }[]>`
    SELECT "username" FROM "Page"
    WHERE "active" = true AND "indexable" = true AND "sensitive" = 'none'
    ORDER BY "active", "indexable", "sensitive", "username"
    OFFSET ${(part - 1) * SITEMAP_PART_SIZE} LIMIT ${SITEMAP_PART_SIZE}`;
  return rows.map((r) => r.username);
}
