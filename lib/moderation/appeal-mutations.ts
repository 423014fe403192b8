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

/** GET /api/user/appeal: the caller's page status, the reason and the appeal already sent. */
export async function ownerModeration(userId: string): Promise<OwnerModeration> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { pageActive: true, deactivationReason: true, deactivatedAt: true },
  });
  const appeal = user.deactivatedAt
    ? await db.appeal.findUnique({
        where: { userId_deactivatedAt: { userId, deactivatedAt: user.deactivatedAt } },
        select: { message: true, createdAt: true },
      })
    : null;
  return {
    active: user.pageActive,
    reason: user.deactivationReason,
    deactivatedAt: user.deactivatedAt?.toISOString() ?? null,
    appeal: appeal ? { message: appeal.message, createdAt: appeal.createdAt.toISOString() } : null,
  };
}

/** POST /api/user/appeal: one appeal per deactivation (the unique key settles a race). */
export async function createAppeal(owner: UserDto, input: AppealInput): Promise<OwnerModeration> {
  try {
    await db.$transaction(async (tx) => {
      const user = await tx.user.findUniqueOrThrow({ where: { id: owner.id }, select: { pageActive: true, deactivatedAt: true } });
      if (user.pageActive || !user.deactivatedAt) throw new AppError("invalid_input", { message: t.appealNotAllowed });
      await tx.appeal.create({ data: { userId: owner.id, deactivatedAt: user.deactivatedAt, message: input.message } });
      await writeAudit(tx, owner, "appeal.create", owner);
    });
  } catch (error) {
    if (prismaCode(error) === "P2002") throw new AppError("conflict", { message: t.appealAlreadySent });
    throw error;
  }
  return ownerModeration(owner.id);
}
