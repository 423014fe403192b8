// POST /api/import/linktree?page= — editor; {url, dryRun} → {profile, links, added, skipped (the first 100), skippedCount, takes}: a Linktree page's links appended (none on a dry run).
import { importLinktree } from "@/lib/import/linktree-import";
import { linktreeImportSchema } from "@/lib/import/linktree-schemas";
import { route } from "@/lib/api/route";

export const POST = route({
  auth: "user",
  page: "links.write",
  body: linktreeImportSchema,
  handler: async ({ page, session, body }) => importLinktree(page, session.user, body),
});
