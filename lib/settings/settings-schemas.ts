import { z } from "zod";
import { emailSchema, nameSchema, phoneSchema } from "@/lib/accounts/account-schemas";
import type { Socials } from "@/lib/accounts/user-dto";
import { usernameSchema } from "@/lib/accounts/username-schema";
import { settingsStrings } from "@/lib/strings/settings";
import { appearanceStrings } from "@/lib/strings/appearance";
import { seoStrings } from "@/lib/strings/seo";
import { normalizeHexColor } from "./colors";
import {
  BIO_MAX,
  SOCIAL_MAX,
  NEW_PASSWORD_MIN,
  NEW_PASSWORD_MAX,
  SOCIAL_NETWORKS,
  IMAGE_POSITIONS,
  ASPECT_RATIOS,
  BUTTON_STYLES,
  BUTTON_SHAPES,
  FONT_FAMILIES,
  SEO_TITLE_MAX,
  SEO_DESCRIPTION_MAX,
  SENSITIVE_LEVELS,
  type SocialNetwork,
} from "./settings-limits";
// The limits and choices are this module's too (server code imports them from here).
export * from "./settings-limits";

const strings = { settings: settingsStrings, appearance: appearanceStrings, seo: seoStrings };

// One schema, two users: the settings and cover forms' resolvers and the
// route handlers (api.md: Profile, password, images).

const s = strings.settings;

/**
 * A handle as typed: spaces and a leading '@' dropped. Only characters that
 * are safe inside a profile URL path, so the public page can build the link.
 */
const handleSchema = z
  .string()
  .transform((v) => v.trim().replace(/^@+/, ""))
  .pipe(
    z
      .string()
      .max(SOCIAL_MAX, s.socialMax)
      .regex(/^[\p{L}\p{N}._-]*$/u, s.socialCharacters),
  );

const whatsappSchema = z
  .string()
  .transform((v) => v.trim())
  .pipe(z.string().max(SOCIAL_MAX, s.socialMax).regex(/^\d*$/, s.whatsappDigits));

/** The nine networks, each optional; empty handles are dropped, unknown keys ignored. */
export const socialsSchema = z
  .object(
    Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, (n === "whatsapp" ? whatsappSchema : handleSchema).optional()])) as Record<
      SocialNetwork,
      z.ZodOptional<typeof handleSchema>
    >,
  )
  .transform((v): Socials => Object.fromEntries(Object.entries(v).filter(([, handle]) => handle)) as Socials);

const bioSchema = z
  .string()
  .transform((v) => v.trim())
  .pipe(z.string().max(BIO_MAX, s.bioMax));

/** PUT /api/user/profile and the 'Perfil' form. */
export const profileSchema = z.object({
  name: nameSchema,
  username: usernameSchema,
  email: emailSchema.pipe(z.string().max(254, s.emailMax)),
  phone: phoneSchema,
  // product-spec.md §5: a missing bio is sent as empty text.
  bio: bioSchema.optional().transform((v) => v ?? ""),
  socials: socialsSchema.optional().transform((v) => v ?? {}),
});

export type ProfileInput = z.output<typeof profileSchema>;
export type ProfileFormValues = z.input<typeof profileSchema>;

const passwordFields = {
  newPassword: z.string({ error: s.newPasswordMin }).min(NEW_PASSWORD_MIN, s.newPasswordMin).max(NEW_PASSWORD_MAX, s.newPasswordMax),
  confirmPassword: z.string({ error: s.confirmPasswordMin }).min(NEW_PASSWORD_MIN, s.confirmPasswordMin),
};

const passwordsMatch = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword;
const mismatch = { message: s.passwordMismatch, path: ["confirmPassword"] };

/**
 * PUT /api/user/password. The current password may be absent here: an
 * account linked through Google has none (api.md); the handler requires it
 * whenever the account has one.
 */
export const changePasswordSchema = z
  .object({ currentPassword: z.string().max(200).optional().default(""), ...passwordFields })
  .refine(passwordsMatch, mismatch);

export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/** The 'Senha' form: the current password is required when the account has one. */
export function passwordFormSchema(hasPassword: boolean) {
  const current = hasPassword ? z.string().min(1, s.currentPasswordRequired) : z.string();
  return z.object({ currentPassword: current, ...passwordFields }).refine(passwordsMatch, mismatch);
}

export type PasswordFormValues = z.input<ReturnType<typeof passwordFormSchema>>;

// Appearance (POST /api/user/cover, PATCH /api/user, the /cover page).

/** 6 hex digits with or without '#', stored as lowercase '#rrggbb'. */
const hexColorSchema = z.string({ error: s.invalidColor }).transform((v, ctx) => {
  const hex = normalizeHexColor(v);
  if (!hex) ctx.addIssue({ code: "custom", message: s.invalidColor });
  return hex ?? "";
});

/** An integer 0-100 (JSON). */
const opacitySchema = z.number({ error: s.invalidOpacity }).int(s.invalidOpacity).min(0, s.invalidOpacity).max(100, s.invalidOpacity);

/** The same from a multipart form, where every value is text: digits only. */
const opacityTextSchema = z.preprocess((v) => (typeof v === "string" && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : v), opacitySchema);

const imagePositionSchema = z.enum(IMAGE_POSITIONS, { error: s.invalidImagePosition });

const aspectRatioSchema = z.enum(ASPECT_RATIOS, { error: s.invalidAspectRatio });

const buttonStyleSchema = z.enum(BUTTON_STYLES, { error: strings.appearance.invalidStyle });
const buttonShapeSchema = z.enum(BUTTON_SHAPES, { error: strings.appearance.invalidShape });
const fontFamilySchema = z.enum(FONT_FAMILIES, { error: strings.appearance.invalidFont });

/** The second release's look (api.md, Appearance): style, shape and font. */
const lookFields = {
  buttonStyle: buttonStyleSchema.optional(),
  buttonShape: buttonShapeSchema.optional(),
  fontFamily: fontFamilySchema.optional(),
};

/** The text fields of POST /api/user/cover (multipart); each absent field keeps its stored value. */
export const coverSettingsSchema = z.object({
  aspectRatio: aspectRatioSchema.optional(),
  backgroundColor: hexColorSchema.optional(),
  fontColor: hexColorSchema.optional(),
  imageOpacity: opacityTextSchema.optional(),
  imagePosition: imagePositionSchema.optional(),
  linkButtonColor: hexColorSchema.optional(),
  linkButtonOpacity: opacityTextSchema.optional(),
  ...lookFields,
});

export type CoverSettingsInput = z.output<typeof coverSettingsSchema>;

/** PATCH /api/user: any of these. */
export const appearancePatchSchema = z.object({
  coverAspectRatio: aspectRatioSchema.optional(),
  backgroundColor: hexColorSchema.optional(),
  fontColor: hexColorSchema.optional(),
  imageOpacity: opacitySchema.optional(),
  imagePosition: imagePositionSchema.optional(),
  ...lookFields,
});

// Search engines and sensitive content (api.md, Creator blocks): PATCH /api/user and the settings section.

/** Trimmed text up to `max`; empty or null means none (stored as null). */
const optionalText = (max: number, message: string) =>
  z
    .union([z.string(), z.null()], { error: strings.seo.invalidText })
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(max, message))
    .transform((v) => (v === "" ? null : v));

const visibilityFields = {
  sensitive: z.enum(SENSITIVE_LEVELS, { error: strings.seo.invalidSensitive }).optional(),
  seoTitle: optionalText(SEO_TITLE_MAX, strings.seo.seoTitleMax).optional(),
  seoDescription: optionalText(SEO_DESCRIPTION_MAX, strings.seo.seoDescriptionMax).optional(),
  indexable: z.boolean({ error: strings.seo.invalidIndexable }).optional(),
};

/** The settings section 'Buscadores' + 'Conteúdo sensível' (each absent field keeps its value). */
export const visibilitySchema = z.object(visibilityFields);
export type VisibilityInput = z.output<typeof visibilitySchema>;
export type VisibilityFormValues = z.input<typeof visibilitySchema>;

/** PATCH /api/user: appearance and visibility fields, any of them. */
export const userPatchSchema = appearancePatchSchema.extend(visibilityFields);
export type UserPatchInput = z.output<typeof userPatchSchema>;
