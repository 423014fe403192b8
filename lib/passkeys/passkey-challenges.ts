import "server-only";
import { db } from "@/lib/server/db";

// WebAuthn challenges live in the database, so any instance may answer the
// second half of a ceremony. Each is spent by one DELETE ... RETURNING: of
// two requests carrying the same challenge (a replay, on this instance or
// another), only one gets the row back.

export const CHALLENGE_TTL_MS = 5 * 60_000;
export type ChallengePurpose = "register" | "login" | "second-step";

export async function storeChallenge(challenge: string, purpose: ChallengePurpose, opts: { userId?: string; remember?: boolean } = {}): Promise<void> {
  await db.webAuthnChallenge.create({
    data: { challenge, purpose, userId: opts.userId ?? null, remember: opts.remember ?? false, expires: new Date(Date.now() + CHALLENGE_TTL_MS) },
  });
}

export interface SpentChallenge {
  userId: string | null;
  remember: boolean;
}

/**
 * Deletes the challenge and returns it when it was stored for this purpose
 * (and this account, when one is named) and has not expired; otherwise null.
 * A challenge of the wrong purpose or account is spent all the same.
 */
export async function spendChallenge(challenge: string, purpose: ChallengePurpose, userId?: string): Promise<SpentChallenge | null> {
  // Times are UTC wall-clock values, as Prisma stores DateTime columns.
  const rows = await db.$queryRaw<{ purpose: string; userId: string | null; remember: boolean; live: boolean }[]>`
    DELETE FROM "WebAuthnChallenge" WHERE "challenge" = ${challenge}
    RETURNING "purpose", "userId", "remember", ("expires" > (now() AT TIME ZONE 'UTC')) AS "live"`;
  const row = rows[0];
  if (!row || row.purpose !== purpose || !row.live) return null;
  if (userId !== undefined && row.userId !== userId) return null;
  return { userId: row.userId, remember: row.remember };
}

/** The challenge the browser signed, read from its clientDataJSON (checked again by the library). */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof data.challenge === "string" && data.challenge.length > 0 && data.challenge.length <= 512 ? data.challenge : null;
  } catch {
    return null;
  }
}
