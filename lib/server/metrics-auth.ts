import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { operationsStrings } from "@/lib/strings/operations";
import { env } from "./env";
import { AppError } from "./errors";

const strings = { operations: operationsStrings };

// /metrics is for the operator's scraper only. Without METRICS_TOKEN the path
// does not exist (404); with it, anything but the exact bearer token is a 401.

const digest = (text: string) => createHash("sha256").update(text).digest();

/** True when the header carries exactly `Bearer <token>` (compared in constant time). */
export function isMetricsToken(header: string | null, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? "");
  return Boolean(match) && timingSafeEqual(digest(match![1]!), digest(token));
}

export function authoriseMetrics(req: Request): void {
  const token = env().METRICS_TOKEN;
  if (!token) throw new AppError("not_found");
  if (!isMetricsToken(req.headers.get("authorization"), token)) {
    throw new AppError("unauthorized", { message: strings.operations.metricsUnauthorized });
  }
}
