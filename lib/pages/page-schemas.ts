import { z } from "zod";
import { usernameSchema } from "@/lib/accounts/username-schema";
import { emailSchema, nameSchema } from "@/lib/accounts/account-schemas";
import { pagesStrings } from "@/lib/strings/pages";
import { PAGE_ROLE_VALUES } from "./page-roles";

// The shared schemas of pages and teams (route handlers and forms).

export const createPageSchema = z.object({
  username: z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : v), usernameSchema),
  name: nameSchema,
});
export type CreatePageInput = z.infer<typeof createPageSchema>;

export const deletePageSchema = z.object({ confirm: z.string().max(100) });
export type DeletePageInput = z.infer<typeof deletePageSchema>;

export const pageIdParams = z.object({ id: z.string().min(1).max(100) });
export const memberParams = z.object({ id: z.string().min(1).max(100), userId: z.string().min(1).max(100) });
export const invitationParams = z.object({ id: z.string().min(1).max(100), invitationId: z.string().min(1).max(100) });

const role = z.enum(PAGE_ROLE_VALUES);

export const inviteSchema = z.object({
  email: emailSchema,
  role,
});
export type InviteInput = z.infer<typeof inviteSchema>;

export const roleSchema = z.object({ role });

/** The token as the e-mailed link has it, or as pasted into /invite's field (JavaScript off): spaces around it dropped. */
export const acceptInvitationSchema = z.object({
  token: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string(pagesStrings.invitationInvalid).min(10, pagesStrings.invitationInvalid).max(200, pagesStrings.invitationInvalid),
  ),
});
