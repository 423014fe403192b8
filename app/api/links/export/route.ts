// GET /api/links/export?format=json|csv — owner; the caller's links as an attachment.
import { z } from "zod";
import { exportLinks } from "@/lib/links/link-transfer";
import { route } from "@/lib/server/http";

const query = z.object({ format: z.enum(["json", "csv"]).default("json") });

export const GET = route({
  auth: "user",
  handler: async ({ req, session }) => {
    const { format } = query.parse({ format: new URL(req.url).searchParams.get("format") ?? undefined });
    const { body, type } = await exportLinks(session.user.id, format);
    return new Response(body, {
      headers: { "content-type": type, "content-disposition": `attachment; filename="vitrine-links.${format}"`, "cache-control": "no-store" },
    });
  },
});
