import "server-only";
import { operationsStrings } from "@/lib/strings/operations";
import { hasBearerToken } from "./bearer";
import { env } from "./env";
import { AppError } from "./errors";

const strings = { operations: operationsStrings };

// /metrics is for the operator's scraper only. Without METRICS_TOKEN the path
// does not exist (404); with it, anything but the exact bearer token is a 401.

export function authoriseMetrics(req: Request): void {
  const token = env().METRICS_TOKEN;
  if (!token) throw new AppError("not_found");
  if (!hasBearerToken(req.headers.get("authorization"), token)) {
    throw new AppError("unauthorized", { message: strings.operations.metricsUnauthorized });
  }
}
