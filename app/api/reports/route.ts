// POST /api/reports — public; a visitor reports a page or one of its links (201), 429 past 5 an hour per client.
// Also the report page's <form method="post"> (JavaScript off, or before its script starts): 303 to the page's
// 'sent' view, or back to the form with the messages.
import { reportInputSchema, reportPagePath } from "@/lib/moderation/moderation-schemas";
import { createReport } from "@/lib/moderation/report-mutations";
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";

export const POST = route({
  body: reportInputSchema,
  form: {
    page: (fields) => reportPagePath(fields.username, fields.linkId),
    next: (_answer, fields) => `${reportPagePath(fields.username)}?enviada=1`,
  },
  handler: async ({ req, body }) => {
    await createReport(req, body);
    return json({ ok: true }, { status: 201 });
  },
});
