import { db } from "@/lib/server/db";
import { request } from "./request";

let seq = 0;

/**
 * Users inserted in order, each with its first page (the page's id, name,
 * username and createdAt are the user's, as registration and the pages
 * migration make them); without createdAt each gets its own minute of
 * 1 January 2026. The rows carry the page's username.
 */
export async function seedUsers(
  rows: Array<Partial<{ name: string; username: string; email: string; createdAt: Date; pageActive: boolean; isAdmin: boolean }>>,
) {
  const created = [];
  for (const row of rows) {
    seq += 1;
    const username = row.username ?? `u_${seq}`;
    const name = row.name ?? `Pessoa ${seq}`;
    const createdAt = row.createdAt ?? new Date(Date.UTC(2026, 0, 1, 12, seq));
    const user = await db.user.create({
      data: { name, email: row.email ?? `${username}@example.com`, createdAt, isAdmin: row.isAdmin ?? false },
    });
    await db.page.create({
      data: { id: user.id, username, name, createdAt, active: row.pageActive ?? true, members: { create: { userId: user.id, role: "owner", createdAt } } },
    });
    created.push({ ...user, username });
  }
  return created;
}

type Handler = (req: Request) => Promise<Response>;

/** Calls a list handler and reads the rows and the next cursor. */
export async function getList<T>(handler: Handler, path: string, cookie: string) {
  const res = await handler(request(path, { headers: { cookie } }));
  const body = (await res.json()) as T[] & { message?: string };
  return { status: res.status, rows: body, next: res.headers.get("x-next-cursor") };
}

/** Follows the cursors to the end; returns every row seen and the number of requests. */
export async function walkList<T extends { id: string }>(handler: Handler, path: string, cookie: string) {
  const seen: T[] = [];
  let cursor: string | null = null;
  let requests = 0;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const page: { rows: T[]; next: string | null } = await getList<T>(handler, cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path, cookie);
    seen.push(...page.rows);
    cursor = page.next;
    requests += 1;
  } while (cursor && requests < 10_000);
  return { seen, requests };
}
