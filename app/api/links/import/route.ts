// POST /api/links/import — owner; multipart `file` (JSON or CSV, ≤ 200 rows, 1 MB) and dryRun → {created, valid, errors}.
import { importLinks, readImportForm } from "@/lib/links/link-transfer";
import { route } from "@/lib/server/http";

export const POST = route({
  auth: "user",
  handler: async ({ req, session }) => {
    const { text, dryRun } = await readImportForm(req);
    return importLinks(session.user.id, text, dryRun);
  },
});
