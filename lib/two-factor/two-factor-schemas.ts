import { z } from "zod";
import { securityStrings } from "@/lib/strings/security";

const strings = { security: securityStrings };

// One schema, two users: the settings and sign-in forms, and the handlers.

const s = strings.security;

/** A 6-digit code from the app, or a recovery code: spaces forgiven. */
const codeSchema = z
  .string({ error: s.codeRequired })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, s.codeRequired).max(32, s.invalidCode));

/** Turning on: only the app's 6-digit code. */
export const enableTwoFactorSchema = z.object({
  code: z
    .string({ error: s.codeRequired })
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(
      z
        .string()
        .min(1, s.codeRequired)
        .regex(/^\d{6}$/, s.invalidCode),
    ),
});

export type EnableTwoFactorInput = z.infer<typeof enableTwoFactorSchema>;

export const disableTwoFactorSchema = z.object({
  password: z.string().max(200).optional(),
  code: codeSchema,
});

export type DisableTwoFactorInput = z.infer<typeof disableTwoFactorSchema>;

export const secondStepSchema = z.object({ code: codeSchema });
