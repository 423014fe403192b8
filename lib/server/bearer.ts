import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { operationsStrings } from "@/lib/strings/operations";
import { env } from "./env";
import { AppError } from "./errors";

// The operator's routes (/metrics, /api/cron/jobs, /api/ops/backup) take
// exactly `Authorization: Bearer <secret>`. Both sides are hashed first, so
// the comparison takes the same time whatever was sent.

const strings = { operations: operationsStrings };

const digest = (text: string) => createHash("sha256").update(text).digest();

/** True when the header is exactly `Bearer <secret>` (compared in constant time). */
export function hasBearerToken(header: string | null, secret: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? "")?.[1];
  return timingSafeEqual(digest(given ?? ""), digest(secret)) && given !== undefined;
}

/**
 * An operator's route: while its secret is unset the path does not exist
 * (404); with it, anything but the exact bearer token is a 401 saying `message`.
 */
export function authoriseOperator(req: Request, secret: string | null | undefined, message: string): void {
  if (!secret) throw new AppError("not_found");
  if (!hasBearerToken(req.headers.get("authorization"), secret)) throw new AppError("unauthorized", { message });
}

/** GET /api/cron/jobs, for the platform's scheduler (Vercel sends `Authorization: Bearer $CRON_SECRET`). */
export const authoriseCron = (req: Request) => authoriseOperator(req, env().CRON_SECRET, strings.operations.cronUnauthorized);

/** GET /metrics, for the operator's scraper (METRICS_TOKEN). */
export const authoriseMetrics = (req: Request) => authoriseOperator(req, env().METRICS_TOKEN, strings.operations.metricsUnauthorized);
