// GET /api/links/export?format=json|csv&page= — editor; the page's links as an attachment.
import { z } from "zod";
import { exportLinks } from "@/lib/links/link-transfer";
import { linkExportQuerySchema } from "@/lib/links/link-schemas";
import { route } from "@/lib/api/route";
import { apiReferenceStrings } from "@/lib/strings/api-reference";
import { linkExportFileSchema } from "@/lib/links/link-dto";

export const GET = route({
  auth: "user",
  page: "links.export",
  api: {
    summary: apiReferenceStrings.ops.exportLinks,
    query: linkExportQuerySchema,
    files: { "application/json": linkExportFileSchema, "text/csv": z.string() },
  },
  handler: async ({ req, page }) => {
    const { format } = linkExportQuerySchema.parse({ format: new URL(req.url).searchParams.get("format") ?? undefined });
    const { body, type } = await exportLinks(page.id, format);
    return new Response(body, {
      headers: { "content-type": type, "content-disposition": `attachment; filename="vitrine-links.${format}"`, "cache-control": "no-store" },
    });
  },
});
