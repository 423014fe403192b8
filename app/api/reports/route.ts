// POST /api/reports — public; a visitor reports a page or one of its links (201), 429 past 5 an hour per client.
import { reportInputSchema } from "@/lib/moderation/moderation-schemas";
import { createReport } from "@/lib/moderation/report-mutations";
import { json, route } from "@/lib/server/http";

export const POST = route({
  body: reportInputSchema,
  handler: async ({ req, body }) => {
    await createReport(req, body);
    return json({ ok: true }, { status: 201 });
  },
});
