import { z } from "zod";
import { validationStrings } from "@/lib/strings/validation";
import { googleAuthStrings } from "@/lib/strings/google-auth";
import { hasPhoneCharacters, isValidPhone } from "./phone";
import { usernameSchema } from "./username-schema";

const strings = { validation: validationStrings, googleAuth: googleAuthStrings };

// One schema, two users: the forms' resolvers and the route handlers.

const v = strings.validation;

/** Trimmed, lowercased, without spaces: e-mails are stored that way. */
export const emailSchema = z
  .string({ error: v.invalidEmail })
  .transform((s) => s.replace(/\s+/g, "").toLowerCase())
  .pipe(z.email(v.invalidEmail));

const registrationEmailSchema = emailSchema.pipe(z.string().max(30, v.emailMax));

export const nameSchema = z
  .string({ error: v.nameMin })
  .transform((s) => s.trim().replace(/\s+/g, " "))
  .pipe(z.string().min(3, v.nameMin).max(30, v.nameMax));

export const phoneSchema = z
  .string({ error: v.phoneMin })
  .transform((s) => s.trim())
  .refine((s) => s.replace(/\D/g, "").length >= 10, v.phoneMin)
  .refine((s) => hasPhoneCharacters(s) && isValidPhone(s), v.phoneFormat);

const registrationPasswordSchema = z
  .string({ error: v.passwordMin })
  .min(6, v.passwordMin)
  .max(20, v.passwordMax)
  .refine((s) => !/\s/.test(s), v.passwordMin);

// The client sends the e-mail as `username` (product-spec.md §7); `email` is accepted too.
const emailFromUsername = (raw: unknown) =>
  raw && typeof raw === "object" && !("email" in raw) ? { ...raw, email: (raw as { username?: unknown }).username } : raw;

export const loginSchema = z.preprocess(
  emailFromUsername,
  z.object({
    email: emailSchema,
    password: z.string({ error: v.loginPasswordMin }).min(6, v.loginPasswordMin).max(200, v.loginPasswordMin),
    remember: z.boolean().optional().default(false),
  }),
);

export type LoginInput = z.infer<typeof loginSchema>;

const registerSchema = z.object({
  name: nameSchema,
  username: usernameSchema,
  phone: phoneSchema,
  email: registrationEmailSchema,
  password: registrationPasswordSchema,
});

export type RegisterInput = z.infer<typeof registerSchema>;

/**
 * POST /api/register's body: the account, plus the page's confirmation and
 * terms when it sends them. The page sends them so that one answer carries
 * every message (its script has no validation of its own); an API client that
 * sends the account alone is unchanged.
 */
export const registerRequestSchema = z
  .object({
    ...registerSchema.shape,
    passwordConfirmation: z.string().max(200).optional(),
    terms: z
      .boolean()
      .optional()
      .refine((t) => t !== false, v.terms),
  })
  .refine((f) => f.passwordConfirmation === undefined || f.password === f.passwordConfirmation, {
    message: v.passwordMismatch,
    path: ["passwordConfirmation"],
  })
  .transform(({ passwordConfirmation: _confirmation, terms: _terms, ...account }) => account);

/** The registration form: what is sent, plus the confirmation and the terms. */
export const registerFormSchema = z
  .object({
    name: z.string().min(3, v.nameMin).max(30, v.nameMax),
    username: usernameSchema,
    phone: z
      .string()
      .refine((s) => s.replace(/\D/g, "").length >= 10, v.phoneMin)
      .refine((s) => isValidPhone(s), v.phoneFormat),
    email: z.email(v.invalidEmail).max(30, v.emailMax),
    password: registrationPasswordSchema,
    passwordConfirmation: z.string(),
    terms: z.boolean().refine((t) => t, v.terms),
  })
  .refine((f) => f.password === f.passwordConfirmation, {
    message: v.passwordMismatch,
    path: ["passwordConfirmation"],
  });

export type RegisterFormValues = z.infer<typeof registerFormSchema>;

export const googleSignInSchema = z.object({
  credential: z.string({ error: strings.googleAuth.googleMissingCredential }).min(1, strings.googleAuth.googleMissingCredential).max(8192),
});
