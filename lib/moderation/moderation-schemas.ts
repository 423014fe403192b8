import { z } from "zod";
import { moderationStrings } from "@/lib/strings/moderation";
import { normalizeDomain } from "./domains";
import { APPEAL_MAX, DEACTIVATION_REASON_MAX, LINK_ID_PATTERN, REPORT_DETAILS_MAX, REPORT_REASONS } from "./moderation-limits";

const strings = { moderation: moderationStrings };

// Inputs of reports, moderation and appeals: shared by the forms and the handlers.

export * from "./moderation-limits";

const t = strings.moderation;

/** POST /api/reports. */
export const reportInputSchema = z.object({
  username: z.string().trim().min(1).max(64),
  // "" (the report form's 'whole page' choice) is the same as none.
  linkId: z
    .union([z.literal(""), z.string().regex(LINK_ID_PATTERN)])
    .nullish()
    .transform((v) => v || null),
  reason: z.enum(REPORT_REASONS, { error: t.report.reasonRequired }),
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX, t.report.detailsTooLong)
    .nullish()
    .transform((v) => v ?? ""),
});

/** PATCH /api/admin/pages/:id/toggle-status: an optional reason (no body still works). */
export const pageStatusBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .max(DEACTIVATION_REASON_MAX, t.api.reasonTooLong)
    .nullish()
    .transform((v) => v || null),
});

/** POST /api/user/appeal. */
export const appealInputSchema = z.object({
  message: z.string().trim().min(1, t.api.appealRequired).max(APPEAL_MAX, t.api.appealTooLong),
});
export type AppealInput = z.infer<typeof appealInputSchema>;

/** PATCH /api/admin/reports/:id. */
export const reportPatchSchema = z.object({ status: z.literal("closed") });

/** GET /api/admin/reports?status= (open unless told otherwise). */
export const reportStatusSchema = z.enum(["open", "closed"]).catch("open");

/** POST /api/admin/blocked-domains and the DELETE path: the canonical domain. */
const domainSchema = z.string().transform((value, ctx) => {
  const domain = normalizeDomain(value);
  if (!domain) {
    ctx.addIssue({ code: "custom", message: t.api.invalidDomain });
    return z.NEVER;
  }
  return domain;
});
export const blockedDomainInputSchema = z.object({ domain: domainSchema });
export const blockedDomainParams = z.object({ domain: z.string().max(300).pipe(domainSchema) });
