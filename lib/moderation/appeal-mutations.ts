import "server-only";
import type { UserDto } from "@/lib/accounts/user-dto";
import { writeAudit } from "@/lib/audit/audit-log";
import { db } from "@/lib/server/db";
import { AppError, prismaCode } from "@/lib/server/errors";
import { moderationStrings } from "@/lib/strings/moderation";
import type { AppealInput } from "./moderation-schemas";
import type { OwnerModeration } from "./moderation-types";

const strings = { moderation: moderationStrings };

const t = strings.moderation.api;

/** GET /api/user/appeal: the status of page `pageId`, the reason and the appeal already sent. */
export async function ownerModeration(pageId: string): Promise<OwnerModeration> {
  const page = await db.page.findUniqueOrThrow({
    where: { id: pageId },
    select: { active: true, deactivationReason: true, deactivatedAt: true },
  });
  const appeal = page.deactivatedAt
    ? await db.appeal.findUnique({
        where: { pageId_deactivatedAt: { pageId, deactivatedAt: page.deactivatedAt } },
        select: { message: true, createdAt: true },
      })
    : null;
  return {
    active: page.active,
    reason: page.deactivationReason,
    deactivatedAt: page.deactivatedAt?.toISOString() ?? null,
    appeal: appeal ? { message: appeal.message, createdAt: appeal.createdAt.toISOString() } : null,
  };
}

/** POST /api/user/appeal: an owner of page `pageId` contests it, once per deactivation (the unique key settles a race). */
export async function createAppeal(owner: UserDto, pageId: string, input: AppealInput): Promise<OwnerModeration> {
  try {
    await db.$transaction(async (tx) => {
      const page = await tx.page.findUniqueOrThrow({
        where: { id: pageId },
        select: { id: true, name: true, username: true, active: true, deactivatedAt: true },
      });
      if (page.active || !page.deactivatedAt) throw new AppError("invalid_input", { message: t.appealNotAllowed });
      await tx.appeal.create({ data: { pageId, deactivatedAt: page.deactivatedAt, message: input.message } });
      await writeAudit(tx, owner, "appeal.create", null, { page });
    });
  } catch (error) {
    if (prismaCode(error) === "P2002") throw new AppError("conflict", { message: t.appealAlreadySent });
    throw error;
  }
  return ownerModeration(pageId);
}
