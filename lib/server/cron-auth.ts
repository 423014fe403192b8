import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { operationsStrings } from "@/lib/strings/operations";
import { env } from "./env";
import { AppError } from "./errors";

const strings = { operations: operationsStrings };

// GET /api/cron/jobs is for the platform's scheduler (Vercel sends
// `Authorization: Bearer $CRON_SECRET`). Without CRON_SECRET the path does not
// exist (404); with it, anything but the exact bearer token is a 401.

const digest = (text: string) => createHash("sha256").update(text).digest();

/** True when the header is exactly `Bearer <secret>`; digests of equal length are compared in constant time. */
export function isCronSecret(header: string | null, secret: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? "");
  return timingSafeEqual(digest(match?.[1] ?? ""), digest(secret)) && Boolean(match);
}

export function authoriseCron(req: Request): void {
  const secret = env().CRON_SECRET;
  if (!secret) throw new AppError("not_found");
  if (!isCronSecret(req.headers.get("authorization"), secret)) {
    throw new AppError("unauthorized", { message: strings.operations.cronUnauthorized });
  }
}
