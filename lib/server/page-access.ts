import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "./db";
import { AppError } from "./errors";
import { pagesStrings } from "@/lib/strings/pages";

// Which page a request acts on, and whether its caller may. Every owner
// endpoint names its page with ?page=USERNAME; without it, the account's
// first page (its earliest membership), so every earlier answer stays the
// same. Membership is read from the database at every request (sessions are
// JWTs naming a session row, never a role): a member removed on one instance
// is refused at their next request on every instance.

/** A member's role on a page (lib/pages/page-roles.ts lists them for forms). */
export type PageRole = "owner" | "editor";

/** The page a request acts on: its id and username, and the caller's role there. */
export interface PageAccess {
  id: string;
  username: string;
  role: PageRole;
}

/** The order of an account's pages: the first page first (earliest membership). */
export const MEMBERSHIP_ORDER: Prisma.PageMemberOrderByWithRelationInput[] = [{ createdAt: "asc" }, { pageId: "asc" }];

/** What an owner may do that an editor may not: 403 `Sem permissão nesta página`. */
export const noPermission = () => new AppError("forbidden", { message: pagesStrings.noPermission });

/** The page named by the request's `?page=` (absent: the first page), when the caller manages it with `need` or more. */
export async function resolvePage(userId: string, username: string | null, need: PageRole = "editor"): Promise<PageAccess> {
  const name = username?.trim().toLowerCase() || null;
  const member = await db.pageMember.findFirst({
    where: { userId, ...(name ? { page: { username: name } } : {}) },
    orderBy: MEMBERSHIP_ORDER,
    select: { role: true, page: { select: { id: true, username: true } } },
  });
  // A page the caller does not manage is not found, as another person's link.
  if (!member) throw new AppError("not_found");
  const role: PageRole = member.role === "owner" ? "owner" : "editor";
  if (need === "owner" && role !== "owner") throw noPermission();
  return { id: member.page.id, username: member.page.username, role };
}

/** `?page=` of a request's address (null when absent or empty). */
export function pageParam(req: Pick<Request, "url">): string | null {
  return new URL(req.url).searchParams.get("page") || null;
}
