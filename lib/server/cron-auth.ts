import "server-only";
import { operationsStrings } from "@/lib/strings/operations";
import { hasBearerToken } from "./bearer";
import { env } from "./env";
import { AppError } from "./errors";

const strings = { operations: operationsStrings };

// GET /api/cron/jobs is for the platform's scheduler (Vercel sends
// `Authorization: Bearer $CRON_SECRET`). Without CRON_SECRET the path does not
// exist (404); with it, anything but the exact bearer token is a 401.

export function authoriseCron(req: Request): void {
  const secret = env().CRON_SECRET;
  if (!secret) throw new AppError("not_found");
  if (!hasBearerToken(req.headers.get("authorization"), secret)) {
    throw new AppError("unauthorized", { message: strings.operations.cronUnauthorized });
  }
}
