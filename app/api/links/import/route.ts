// POST /api/links/import?page= — editor; multipart `file` (JSON or CSV, ≤ 200 rows, 1 MB) and dryRun → {created, valid, errors}.
import { importLinks, readImportForm } from "@/lib/links/link-transfer";
import { route } from "@/lib/server/http";

export const POST = route({
  auth: "user",
  page: "links.write",
  key: "links:write",
  handler: async ({ req, session, page }) => {
    const { text, dryRun } = await readImportForm(req);
    return importLinks(page.id, text, dryRun, session.user.id);
  },
});
