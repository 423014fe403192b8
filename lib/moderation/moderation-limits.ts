import { isValidUsername, lowercaseAscii } from "@/lib/accounts/username";

// The moderation forms' choices and limits, without the schemas (lib/moderation/moderation-schemas.ts
// re-exports them): a form that only shows them does not carry zod to the browser.

export const REPORT_REASONS = ["spam", "golpe", "conteudo_improprio", "falsidade", "outro"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_DETAILS_MAX = 500;
export const DEACTIVATION_REASON_MAX = 500;
export const APPEAL_MAX = 1000;
/** A reported link's id, as the report form sends it. */
export const LINK_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The report page's address (a link preselected when named): where its form comes back to. */
export function reportPagePath(username = "", linkId?: string | null): string {
  const name = lowercaseAscii(username);
  const link = linkId && LINK_ID_PATTERN.test(linkId) ? `?link=${linkId}` : "";
  return `/denunciar/${isValidUsername(name) ? name : ""}${link}`;
}
