import "server-only";
import { db } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { shouldPromoteListedAdmin } from "./listed-admin-policy";

// ADMIN_EMAILS makes an account an administrator once its address is proved
// (by the verification link, a password reset or Google), never before: an
// unverified account with a listed address is an ordinary user.

/** The database client or a transaction's. */
interface Client {
  user: { update(args: { where: { id: string }; data: { isAdmin: boolean }; select: { id: true } }): PromiseLike<unknown> };
}

interface PromotableUser {
  id: string;
  email: string;
  isAdmin: boolean;
  emailVerified: Date | null;
}

export async function promoteListedAdmin<T extends PromotableUser>(user: T, client: Client = db): Promise<T> {
  if (!shouldPromoteListedAdmin(user, env().ADMIN_EMAILS)) return user;
  await client.user.update({ where: { id: user.id }, data: { isAdmin: true }, select: { id: true } });
  return { ...user, isAdmin: true };
}
