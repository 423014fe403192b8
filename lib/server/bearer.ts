import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";

// The operator's routes (/metrics, /api/cron/jobs, /api/ops/backup) take
// exactly `Authorization: Bearer <secret>`. Both sides are hashed first, so
// the comparison takes the same time whatever was sent.

const digest = (text: string) => createHash("sha256").update(text).digest();

/** True when the header is exactly `Bearer <secret>` (compared in constant time). */
export function hasBearerToken(header: string | null, secret: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? "")?.[1];
  return timingSafeEqual(digest(given ?? ""), digest(secret)) && given !== undefined;
}
