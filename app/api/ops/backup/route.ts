// GET /api/ops/backup — local operator (`npm run backup`, token from DATA_DIR); the embedded database as a gzipped copy.
import { backupResponse } from "@/lib/ops/online-backup";
import { route } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const GET = route({ handler: ({ req }) => backupResponse(req) });
