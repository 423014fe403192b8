import "server-only";
import { confirmCurrentPassword } from "@/lib/accounts/current-password";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { passkeySelect, toPasskeyDto, type PasskeyDto } from "./passkey-queries";
import type { RemovePasskeyInput, RenamePasskeyInput } from "./passkey-schemas";

// Scoped to the signed-in account: another account's passkey id is 404.

/** PATCH /api/passkeys/{id} */
export async function renamePasskey(userId: string, id: string, input: RenamePasskeyInput): Promise<PasskeyDto> {
  const { count } = await db.passkey.updateMany({ where: { id, userId }, data: { name: input.name } });
  if (count === 0) throw new AppError("not_found");
  return toPasskeyDto(await db.passkey.findUniqueOrThrow({ where: { id }, select: passkeySelect }));
}

/** DELETE /api/passkeys/{id}: the password first, where the account has one (as for turning two-factor off). */
export async function removePasskey(userId: string, id: string, input: RemovePasskeyInput, ip: string): Promise<void> {
  const exists = await db.passkey.findFirst({ where: { id, userId }, select: { id: true } });
  if (!exists) throw new AppError("not_found");
  await confirmCurrentPassword(userId, input.password, ip, "password");
  const { count } = await db.passkey.deleteMany({ where: { id, userId } });
  if (count === 0) throw new AppError("not_found");
}
