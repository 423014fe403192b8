import { db } from "@/lib/server/db";
import { hashPassword } from "@/lib/server/password";
import { createSession } from "@/lib/server/session";

let seq = 0;

export const PASSWORD = "senha-forte-1";

/** A user in the database, with a password; fields may be overridden. */
export async function createUser(overrides: Partial<{ name: string; username: string; email: string; phone: string; isAdmin: boolean; password: string | null }> = {}) {
  seq += 1;
  const username = overrides.username ?? `user_${seq}_${Math.floor(Math.random() * 1e5)}`;
  const password = overrides.password === undefined ? PASSWORD : overrides.password;
  return db.user.create({
    data: {
      name: overrides.name ?? "Ana Souza",
      username,
      email: overrides.email ?? `${username}@example.com`,
      phone: overrides.phone ?? "(11) 98765-4321",
      isAdmin: overrides.isAdmin ?? false,
      passwordHash: password ? await hashPassword(password) : null,
    },
  });
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
