// POST /api/broadcasts/preview?page= — owner or editor; {subject, body} → {subject, html, text, recipients}: the message as received, for the composer's preview.
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";
import { previewBroadcast } from "@/lib/broadcasts/broadcast-preview";
import { broadcastInputSchema } from "@/lib/broadcasts/broadcast-schemas";

export const POST = route({
  auth: "user",
  page: "broadcasts.write",
  body: broadcastInputSchema.pick({ subject: true, body: true }),
  handler: async ({ page, body }) => json(await previewBroadcast(page, body)),
});
