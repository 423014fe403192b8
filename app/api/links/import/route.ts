// POST /api/links/import?page= — editor; multipart `file` (JSON or CSV, ≤ 200 rows, 1 MB) and dryRun → {created, valid, errors}.
import { importLinks, readImportForm } from "@/lib/links/link-transfer";
import { route } from "@/lib/api/route";
import { apiReferenceStrings } from "@/lib/strings/api-reference";
import { importFormSchema, importResultSchema } from "@/lib/links/link-import";

export const POST = route({
  auth: "user",
  page: "links.write",
  api: { summary: apiReferenceStrings.ops.importLinks, multipart: importFormSchema, response: importResultSchema },
  handler: async ({ req, session, page }) => {
    const { text, dryRun } = await readImportForm(req);
    return importLinks(page.id, text, dryRun, session.user.id);
  },
});
