import "server-only";
import { randomBytes } from "node:crypto";
import type { UserDto } from "@/lib/accounts/user-dto";
import { writeAudit } from "@/lib/audit/audit-log";
import type { AuditPage } from "@/lib/audit/audit-types";
import { invitationEmail } from "@/lib/email/messages";
import { queueEmail } from "@/lib/email/outbox";
import { db, type Tx } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { hashToken } from "@/lib/server/token-hash";
import { enforce, type Limit } from "@/lib/server/rate-limit";
import { pagesStrings } from "@/lib/strings/pages";
import { can, rolesWith, shownRole, strongerRole, toPageRole, type PageRole } from "@/lib/permissions/page-permissions";
import { pageAccess, type PageAccess } from "./page-access";
import { turnOffMemberWebhooks } from "./member-webhooks";
import { toPageSummary, type PageSummary } from "./page-queries";
import type { InviteInput } from "./page-schemas";

// A page's team: members (owner or editor) and pending invitations. Only a
// role with members.manage changes the team; any member may leave
// (page.leave); a page always keeps a member who may manage its team (an owner).
// Each change is written with its audit row in one transaction, the page's
// row locked, so two owners removing each other at once cannot leave none.
// A member who leaves, is removed, or whose new role may not manage webhooks
// loses the endpoints they created on the page (lib/pages/member-webhooks.ts).
// An invitation is a one-time token sent by e-mail (7 days), stored as its
// SHA-256, accepted only by an account whose verified e-mail is the invited one.

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
/** Invitations an owner sends: a bound on e-mail a page's owner can make Vitrine send to strangers. */
export const INVITES_PER_ACCOUNT: Limit = { limit: 20, windowMs: 60 * 60_000 };

export interface MemberDto {
  userId: string;
  name: string;
  email: string;
  role: PageRole;
}

export interface InvitationDto {
  id: string;
  email: string;
  role: PageRole;
  expiresAt: string;
}

const needsOwner = () => new AppError("invalid_input", { message: pagesStrings.needsOwner });
const invalidInvitation = () => new AppError("invalid_input", { message: pagesStrings.invitationInvalid });

type Actor = Pick<UserDto, "id" | "name" | "username" | "email">;

/** The caller's access to page `pageId` for `permission`, read again under a lock on the page (the route checked it before). */
const locked = (tx: Tx, pageId: string, userId: string, permission: "members.manage" | "page.leave"): Promise<PageAccess> =>
  pageAccess(userId, { id: pageId }, permission, { tx, lock: true });

/** How many members of the page may manage its team: it always keeps one. */
const managers = (tx: Tx, pageId: string) => tx.pageMember.count({ where: { pageId, role: { in: rolesWith("members.manage") } } });

/** GET /api/pages/{id}/members (members.manage, checked by the route): the members, then the pending invitations. */
export async function listMembers(page: PageAccess): Promise<{ members: MemberDto[]; invitations: InvitationDto[] }> {
  const pageId = page.id;
  const [members, invitations] = await Promise.all([
    db.pageMember.findMany({
      where: { pageId },
      orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
      select: { role: true, user: { select: { id: true, name: true, email: true } } },
    }),
    db.pageInvitation.findMany({ where: { pageId, expiresAt: { gt: new Date() } }, orderBy: { createdAt: "asc" } }),
  ]);
  return {
    members: members.map((m) => ({ userId: m.user.id, name: m.user.name, email: m.user.email, role: shownRole(m.role) })),
    invitations: invitations.map(toInvitationDto),
  };
}

function toInvitationDto(i: { id: string; email: string; role: string; expiresAt: Date }): InvitationDto {
  return { id: i.id, email: i.email, role: shownRole(i.role), expiresAt: i.expiresAt.toISOString() };
}

/**
 * POST /api/pages/{id}/members (owner): an invitation for `email` with
 * `role`, e-mailed with its link. Inviting the same address again replaces
 * the earlier invitation (a new link, 7 more days).
 */
export async function inviteMember(actor: Actor, pageId: string, input: InviteInput): Promise<InvitationDto> {
  await enforce(`invite:user:${actor.id}`, INVITES_PER_ACCOUNT);
  const token = randomBytes(32).toString("base64url");
  return db.$transaction(async (tx) => {
    const page = await locked(tx, pageId, actor.id, "members.manage");
    const already = await tx.pageMember.findFirst({ where: { pageId, user: { email: input.email } }, select: { userId: true } });
    if (already) throw new AppError("conflict", { message: pagesStrings.alreadyMember, errors: { email: pagesStrings.alreadyMember } });
    const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
    const invitation = await tx.pageInvitation.upsert({
      where: { pageId_email: { pageId, email: input.email } },
      create: { pageId, email: input.email, role: input.role, tokenHash: hashToken(token), invitedById: actor.id, expiresAt },
      update: { role: input.role, tokenHash: hashToken(token), invitedById: actor.id, expiresAt, createdAt: new Date() },
    });
    await queueEmail(tx, invitationEmail({ inviter: actor.name, page: page.username, role: input.role, to: input.email, token }));
    await writeAudit(tx, actor, "member.invite", null, { page, note: `${input.email} (${input.role})` });
    return toInvitationDto(invitation);
  });
}

/** DELETE /api/pages/{id}/invitations/{invitationId} (owner). */
export async function cancelInvitation(actor: Actor, pageId: string, invitationId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const page = await locked(tx, pageId, actor.id, "members.manage");
    const gone = await tx.pageInvitation.deleteMany({ where: { id: invitationId, pageId } });
    if (gone.count === 0) throw new AppError("not_found");
    await writeAudit(tx, actor, "invitation.cancel", null, { page });
  });
}

/**
 * POST /api/invitations/accept (signed in): the caller joins the page with
 * the invited role, when their verified e-mail is the invited one. The
 * token works once.
 */
export async function acceptInvitation(actor: Actor & { emailVerified: boolean }, token: string): Promise<PageSummary> {
  return db.$transaction(async (tx) => {
    const invitation = await tx.pageInvitation.findUnique({ where: { tokenHash: hashToken(token) } });
    if (!invitation || invitation.expiresAt.getTime() <= Date.now()) throw invalidInvitation();
    if (invitation.email !== actor.email.toLowerCase()) throw new AppError("forbidden", { message: pagesStrings.invitationForOther });
    if (!actor.emailVerified) throw new AppError("forbidden", { message: pagesStrings.acceptNeedsVerified });
    // Single use: only the request that deletes it goes on.
    const spent = await tx.pageInvitation.deleteMany({ where: { id: invitation.id } });
    if (spent.count !== 1) throw invalidInvitation();
    const [page] = await tx.$queryRaw<(AuditPage & { avatarUrl: string | null; active: boolean })[]>`
      SELECT "id", "name", "username", "avatarUrl", "active" FROM "Page" WHERE "id" = ${invitation.pageId} FOR UPDATE`;
    if (!page) throw invalidInvitation();
    const existing = await tx.pageMember.findUnique({ where: { pageId_userId: { pageId: page.id, userId: actor.id } }, select: { role: true } });
    // Already a member: an invitation never takes a permission away (the stronger of the two roles stays).
    const role = strongerRole(toPageRole(existing?.role), shownRole(invitation.role));
    await tx.pageMember.upsert({
      where: { pageId_userId: { pageId: page.id, userId: actor.id } },
      create: { pageId: page.id, userId: actor.id, role },
      update: { role },
    });
    await writeAudit(tx, actor, "member.accept", actor, { page, note: role });
    return toPageSummary(page, role);
  });
}

/** PATCH /api/pages/{id}/members/{userId} (members.manage): a member's role; the last owner stays an owner. */
export async function changeRole(actor: Actor, pageId: string, memberId: string, role: PageRole): Promise<MemberDto> {
  return db.$transaction(async (tx) => {
    const page = await locked(tx, pageId, actor.id, "members.manage");
    const member = await tx.pageMember.findUnique({
      where: { pageId_userId: { pageId, userId: memberId } },
      select: { role: true, user: { select: { id: true, name: true, email: true } } },
    });
    if (!member) throw new AppError("not_found");
    if (can(member.role, "members.manage") && !can(role, "members.manage") && (await managers(tx, pageId)) <= 1) throw needsOwner();
    await tx.pageMember.update({ where: { pageId_userId: { pageId, userId: memberId } }, data: { role } });
    if (!can(role, "webhooks.manage")) await turnOffMemberWebhooks(tx, memberId, "role", pageId);
    await writeAudit(tx, actor, "member.role", { ...member.user, username: "" }, { page, note: role });
    return { userId: member.user.id, name: member.user.name, email: member.user.email, role };
  });
}

/**
 * DELETE /api/pages/{id}/members/{userId}: an owner removes a member, or a
 * member leaves (their own id). The page keeps at least one owner. The
 * removed person is refused at their next request (membership is read at
 * every request).
 */
export async function removeMember(actor: Actor, pageId: string, memberId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const leaving = memberId === actor.id;
    const page = await locked(tx, pageId, actor.id, leaving ? "page.leave" : "members.manage");
    const member = await tx.pageMember.findUnique({
      where: { pageId_userId: { pageId, userId: memberId } },
      select: { role: true, user: { select: { id: true, name: true, email: true } } },
    });
    if (!member) throw new AppError("not_found");
    if (can(member.role, "members.manage") && (await managers(tx, pageId)) <= 1) throw needsOwner();
    await tx.pageMember.delete({ where: { pageId_userId: { pageId, userId: memberId } } });
    await turnOffMemberWebhooks(tx, memberId, "left", pageId);
    await writeAudit(tx, actor, leaving ? "member.leave" : "member.remove", { ...member.user, username: "" }, { page });
  });
}
