import { db } from "@/lib/server/db";
import { hashPassword } from "@/lib/server/password";
import { createSession } from "@/lib/server/session";

let seq = 0;

export const PASSWORD = "senha-forte-1";

/**
 * One real Argon2id hash per password per test file: every user a factory
 * makes with the same password shares it (the salt is the only difference a
 * fresh hash would make, and no test is about salts; hashing is the costly
 * part of a factory). Sign-up, password change and reset still hash through
 * the app's own code.
 */
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

/**
 * A user in the database, with a password, and their first page (its id is
 * the user's, as registration makes it); fields may be overridden. The
 * returned row carries the page's username.
 */
export async function createUser(
  overrides: Partial<{ name: string; username: string; email: string; phone: string; isAdmin: boolean; password: string | null }> = {},
) {
  seq += 1;
  const username = overrides.username ?? `user_${seq}_${Math.floor(Math.random() * 1e5)}`;
  const password = overrides.password === undefined ? PASSWORD : overrides.password;
  const name = overrides.name ?? "Ana Souza";
  const user = await db.user.create({
    data: {
      name,
      email: overrides.email ?? `${username}@example.com`,
      phone: overrides.phone ?? "(11) 98765-4321",
      isAdmin: overrides.isAdmin ?? false,
      passwordHash: password ? await hashOf(password) : null,
    },
  });
  await db.page.create({ data: { id: user.id, username, name, members: { create: { userId: user.id, role: "owner" } } } });
  return { ...user, username };
}

/** Another page managed by `userId` with `role` (default owner); fields may be overridden. */
export async function createPage(userId: string, overrides: Partial<{ username: string; name: string; role: "owner" | "editor" }> = {}) {
  seq += 1;
  const username = overrides.username ?? `page_${seq}_${Math.floor(Math.random() * 1e5)}`;
  return db.page.create({
    data: { username, name: overrides.name ?? "Loja da Ana", members: { create: { userId, role: overrides.role ?? "owner" } } },
  });
}

/** Makes `userId` a member of page `pageId` with `role`. */
export async function addMember(pageId: string, userId: string, role: "owner" | "editor" = "editor") {
  return db.pageMember.create({ data: { pageId, userId, role } });
}

/** The `name=value` part of a Set-Cookie header, ready for a Cookie header. */
export function cookieOf(res: Response): string {
  const set = res.headers.get("set-cookie");
  if (!set) throw new Error("response set no cookie");
  return set.split(";")[0]!;
}

/** A signed-in user and the cookie of one of their sessions. */
export async function signedInUser(overrides: Parameters<typeof createUser>[0] = {}, remember = true) {
  const user = await createUser(overrides);
  const session = await createSession(user.id, remember);
  return { user, cookie: session.cookie.split(";")[0]!, sid: session.sid };
}
