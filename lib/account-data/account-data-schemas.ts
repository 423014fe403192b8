import { z } from "zod";
import { securityStrings } from "@/lib/strings/security";

const strings = { security: securityStrings };

/** DELETE /api/user: `confirm` must be the first page's username (the e-mail with no page); the password where the account has one. */
export const deleteAccountSchema = z.object({
  password: z.string().max(200).optional(),
  confirm: z.string({ error: strings.security.confirmMismatch }).transform((v) => v.trim().toLowerCase()),
});

export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
