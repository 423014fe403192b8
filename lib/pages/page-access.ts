import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { can, toPageRole, type PageRole, type Permission } from "@/lib/permissions/page-permissions";
import { db, type Tx } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { pagesStrings } from "@/lib/strings/pages";

// Which page a request acts on, and whether its caller may: the one read of a
// caller's membership for authorisation (STYLE.md habit 14). The route
// wrapper asks it for every page endpoint (the page named by ?page=USERNAME,
// or by the path's page id), the team's and deletion's transactions ask it
// again under the page's lock, and the owner screens ask it for their page.
// Without ?page=, the account's first page (its earliest membership), so every
// earlier answer stays the same. Membership is read from the database at every
// request (sessions are JWTs naming a session row, never a role): a member
// removed on one instance is refused at their next request on every instance.

export type { PageRole, Permission };

/** The page a request acts on: its id, username and name, and the caller's role there. */
export interface PageAccess {
  id: string;
  username: string;
  name: string;
  role: PageRole;
}

/** How a request names its page: by id (a path's /api/pages/{id}), by username (?page=), or null username: the first page. */
export type PageRef = { id: string } | { username: string | null };

/** The order of an account's pages: the first page first (earliest membership). */
export const MEMBERSHIP_ORDER: Prisma.PageMemberOrderByWithRelationInput[] = [{ createdAt: "asc" }, { pageId: "asc" }];

/** What the caller's role does not allow: 403 `Sem permissão nesta página`. */
export const noPermission = () => new AppError("forbidden", { message: pagesStrings.noPermission });

/**
 * The caller's access to the page `ref` names, when their role there allows
 * `permission` (lib/permissions/page-permissions.ts). A page the caller does
 * not manage → 404, as another person's link; a role that may not → 403.
 * With `lock` (in a transaction, a page named by id) the page's row is locked
 * first, so the team's changes and the page's deletion decide on a role no
 * one changes meanwhile.
 */
export async function pageAccess(
  userId: string,
  ref: PageRef,
  permission: Permission,
  options: { tx?: Tx; lock?: boolean; pageIds?: readonly string[] | null } = {},
): Promise<PageAccess> {
  const client = options.tx ?? db;
  const where = "id" in ref ? { pageId: ref.id } : ref.username?.trim() ? { page: { username: ref.username.trim().toLowerCase() } } : {};
  if (options.lock) {
    if (!options.tx || !("id" in ref)) throw new Error("pageAccess: a lock needs a transaction and a page id");
    await options.tx.$queryRaw`SELECT "id" FROM "Page" WHERE "id" = ${ref.id} FOR UPDATE`;
  }
  const member = await client.pageMember.findFirst({
    // An API key restricted to some pages (lib/api-keys/api-key-auth.ts) sees only those: another → 404.
    where: { userId, ...where, ...(options.pageIds ? { AND: [{ pageId: { in: [...options.pageIds] } }] } : {}) },
    orderBy: MEMBERSHIP_ORDER,
    select: { role: true, page: { select: { id: true, username: true, name: true } } },
  });
  if (!member) throw new AppError("not_found");
  const role = toPageRole(member.role);
  if (!role || !can(role, permission)) throw noPermission();
  return { ...member.page, role };
}

/** The page named by `?page=USERNAME` (absent: the first page), when the caller's role allows `permission`. */
export function resolvePage(userId: string, username: string | null, permission: Permission): Promise<PageAccess> {
  return pageAccess(userId, { username }, permission);
}

/** `?page=` of a request's address (null when absent or empty). */
export function pageParam(req: Pick<Request, "url">): string | null {
  return new URL(req.url).searchParams.get("page") || null;
}
