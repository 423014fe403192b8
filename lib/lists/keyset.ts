// Keyset pagination over (createdAt, id), newest first, for every long list
// of the back office (administration and moderation). The cursor is opaque
// to clients: base64url of "<ISO instant>|<id>" of the last row they got.

export interface Keyset {
  createdAt: Date;
  id: string;
}

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function encodeCursor(row: Keyset): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`, "utf8").toString("base64url");
}

/** The position a cursor names, or null when it is not one of ours. */
export function decodeCursor(cursor: string): Keyset | null {
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const bar = text.indexOf("|");
  if (bar < 0) return null;
  const createdAt = new Date(text.slice(0, bar));
  const id = text.slice(bar + 1);
  if (Number.isNaN(createdAt.getTime()) || !ID_PATTERN.test(id)) return null;
  return { createdAt, id };
}

/**
 * Rows strictly after the cursor in (createdAt DESC, id DESC) order. The
 * plain `createdAt <= c` bound lets PostgreSQL start the index scan at the
 * cursor; the OR only sorts out rows that share its instant.
 */
export function afterCursor(cursor: Keyset | undefined) {
  if (!cursor) return {};
  return {
    createdAt: { lte: cursor.createdAt },
    OR: [{ createdAt: { lt: cursor.createdAt } }, { id: { lt: cursor.id } }],
  };
}

export const NEWEST_FIRST = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/** Splits a `limit + 1` fetch into the page and the cursor of the next one. */
export function pageOf<T extends Keyset>(rows: T[], limit: number): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: encodeCursor(page[page.length - 1]!) };
}

/** One page of a list and the cursor of the next one. */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
}
