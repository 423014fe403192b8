import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { hashToken } from "@/lib/server/token-hash";
import type { Tx } from "@/lib/server/db";
import { Prisma, type EmailToken, type EmailTokenPurpose } from "@/lib/generated/prisma/client";

// Single-use link tokens. A link carries `id.secret`: the id finds the row,
// the 256-bit secret proves it. Only the SHA-256 of the secret is stored, and
// it is compared in constant time.

export const VERIFY_TTL_MS = 24 * 60 * 60_000;
export const RESET_TTL_MS = 30 * 60_000;

const hashSecret = (secret: string) => Buffer.from(hashToken(secret), "hex");
const DUMMY = hashSecret("vitrine-no-token");

export interface IssueInput {
  userId: string;
  purpose: EmailTokenPurpose;
  /** The address the token proves (verification) or was sent to (reset). */
  email: string;
  ttlMs: number;
}

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const newTokenId = () => Array.from(randomBytes(25), (b) => ID_ALPHABET[b % 36]).join("");
const utc = (date: Date) => Prisma.sql`(${date.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;

/**
 * A new token; earlier unused tokens of the same purpose stop working. The
 * row is inserted from the user's own row, so for a user id that does not
 * exist the same statements run and write nothing (a password-reset request
 * for an unknown address does the same work), and the token matches no row.
 */
export async function issueToken(tx: Tx, input: IssueInput): Promise<string> {
  await tx.emailToken.deleteMany({ where: { userId: input.userId, purpose: input.purpose } });
  const secret = randomBytes(32).toString("base64url");
  const id = newTokenId();
  const now = new Date();
  await tx.$executeRaw`
    INSERT INTO "EmailToken" ("id", "userId", "purpose", "email", "secretHash", "expiresAt", "createdAt")
    SELECT ${id}, "id", ${input.purpose}::"EmailTokenPurpose", ${input.email}, ${hashSecret(secret).toString("hex")},
      ${utc(new Date(now.getTime() + input.ttlMs))}, ${utc(now)}
    FROM "User" WHERE "id" = ${input.userId}`;
  return `${id}.${secret}`;
}

export interface ConsumedToken {
  userId: string;
  email: string;
}

/**
 * The token's row when it is known, unforged, of this purpose, unused and
 * unexpired; else null. The secret's hash is compared in constant time, and a
 * dummy hash is compared when no row matches, so both cost the same.
 */
/** The database client or a transaction's. */
interface TokenReader {
  emailToken: { findUnique(args: { where: { id: string } }): PromiseLike<EmailToken | null> };
}

export async function checkToken(client: TokenReader, token: string, purpose: EmailTokenPurpose): Promise<(ConsumedToken & { id: string }) | null> {
  const [id, secret] = splitToken(token);
  const row = id ? await client.emailToken.findUnique({ where: { id } }) : null;
  const stored = row ? Buffer.from(row.secretHash, "hex") : DUMMY;
  const given = hashSecret(secret ?? "");
  const matches = stored.length === given.length && timingSafeEqual(stored, given);
  if (!row || !matches || row.purpose !== purpose || row.usedAt || row.expiresAt.getTime() <= Date.now()) return null;
  return { id: row.id, userId: row.userId, email: row.email };
}

/**
 * Spends a token inside the caller's transaction (null as for checkToken).
 * Marking it used is a conditional update, so two concurrent uses cannot both
 * succeed.
 */
export async function consumeToken(tx: Tx, token: string, purpose: EmailTokenPurpose): Promise<ConsumedToken | null> {
  const row = await checkToken(tx, token, purpose);
  if (!row) return null;
  const spent = await tx.emailToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
  return spent.count === 1 ? { userId: row.userId, email: row.email } : null;
}

function splitToken(token: string): [string | undefined, string | undefined] {
  const match = /^([a-z0-9]{20,40})\.([A-Za-z0-9_-]{40,60})$/.exec(token);
  return match ? [match[1], match[2]] : [undefined, undefined];
}
