import "server-only";
import { disposableEmailBlocklistSet } from "disposable-email-domains-js";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { moderationStrings } from "@/lib/strings/moderation";

const strings = { moderation: moderationStrings };

// Throwaway addresses are refused at registration and e-mail change. The list
// is a maintained package (disposable-email-domains-js, pinned), not ours.

let domains: Set<string> | undefined;

/** True when the address's domain, or a parent of it, is a known disposable provider. */
export function isDisposableEmail(email: string): boolean {
  const at = email.lastIndexOf("@");
  if (at < 0) return false;
  domains ??= disposableEmailBlocklistSet();
  const labels = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "")
    .split(".");
  for (let i = 0; i <= labels.length - 2; i++) if (domains.has(labels.slice(i).join("."))) return true;
  return false;
}

function refuse(): never {
  const message = strings.moderation.api.disposableEmail;
  throw new AppError("invalid_input", { message, errors: { email: message } });
}

/** Registration: 400 with errors.email `Use um e-mail permanente`. */
export function assertPermanentEmail(email: string): void {
  if (isDisposableEmail(email)) refuse();
}

/** E-mail change: the same, only when the address actually changes (an old account keeps saving its profile). */
export async function assertPermanentEmailChange(userId: string, email: string): Promise<void> {
  if (!isDisposableEmail(email)) return;
  const current = await db.user.findUnique({ where: { id: userId }, select: { email: true } });
  if (current?.email !== email) refuse();
}
