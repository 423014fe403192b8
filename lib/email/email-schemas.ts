import { z } from "zod";
import { emailSchema } from "@/lib/accounts/account-schemas";
import { emailStrings } from "@/lib/strings/email";

const strings = { email: emailStrings };

// One schema, two users: the recovery pages' forms and the route handlers.

const s = strings.email;

/** A missing or malformed token is just an invalid link (400 `Link inválido ou expirado`). */
const tokenField = z.string().max(200).catch("");

export const tokenSchema = z.object({ token: tokenField });

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const newPasswordSchema = z.string({ error: s.passwordMin }).min(8, s.passwordMin).max(128, s.passwordMax);

const passwordPair = {
  password: newPasswordSchema,
  confirmPassword: z.string({ error: s.passwordMismatch }),
};
const matching = <T extends { password: string; confirmPassword: string }>(v: T) => v.password === v.confirmPassword;
const mismatch = { message: s.passwordMismatch, path: ["confirmPassword"] };

export const resetPasswordFormSchema = z.object(passwordPair).refine(matching, mismatch);
export type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;

export const resetPasswordSchema = z.object({ token: tokenField, ...passwordPair }).refine(matching, mismatch);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
