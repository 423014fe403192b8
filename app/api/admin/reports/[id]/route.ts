// PATCH /api/admin/reports/:id — administrator; {status:"closed"} closes the report (audited), answers its row.
import { adminTargetParams } from "@/lib/admin/admin-schemas";
import { reportPatchSchema } from "@/lib/moderation/moderation-schemas";
import { closeReport } from "@/lib/moderation/report-mutations";
import { reportRow } from "@/lib/moderation/report-queries";
import { route } from "@/lib/api/route";

export const PATCH = route({
  auth: "admin",
  params: adminTargetParams,
  body: reportPatchSchema,
  handler: async ({ params, session }) => {
    await closeReport(session.user, params.id);
    return reportRow(params.id);
  },
});
