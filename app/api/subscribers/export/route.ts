// GET /api/subscribers/export?page= — owner (an editor: 403); every subscriber of the page as a CSV attachment.
import { z } from "zod";
import { subscribersCsv } from "@/lib/audience/subscriber-queries";
import { route } from "@/lib/api/route";
import { audienceStrings } from "@/lib/strings/audience";
import { apiReferenceStrings } from "@/lib/strings/api-reference";

export const GET = route({
  auth: "user",
  page: "subscribers.export",
  api: { summary: apiReferenceStrings.ops.exportSubscribers, files: { "text/csv": z.string() } },
  handler: async ({ page }) =>
    new Response(await subscribersCsv(page.id, audienceStrings.csvHeader), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="vitrine-${page.username}-inscritos.csv"`,
        "cache-control": "no-store",
      },
    }),
});
