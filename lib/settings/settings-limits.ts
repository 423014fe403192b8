import type { Socials } from "@/lib/accounts/user-dto";

// The settings' and cover's limits and choices, as plain values: the forms
// draw them (counters, options) without loading zod, which only their
// resolvers need (./settings-resolvers.ts, loaded when a form gets focus).
// ./settings-schemas.ts builds the schemas from them and exports them too.

export const BIO_MAX = 150;
export const SOCIAL_MAX = 30;
export const NEW_PASSWORD_MIN = 8;
export const NEW_PASSWORD_MAX = 128;

export const SOCIAL_NETWORKS = [
  "instagram",
  "twitter",
  "youtube",
  "linkedin",
  "pinterest",
  "facebook",
  "tiktok",
  "telegram",
  "whatsapp",
] as const satisfies readonly (keyof Socials)[];

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const IMAGE_POSITIONS = ["cover", "contain", "center", "top", "bottom"] as const;
export const ASPECT_RATIOS = ["16:9", "9:16"] as const;

export const BUTTON_STYLES = ["filled", "outline", "shadow"] as const;
export const BUTTON_SHAPES = ["square", "rounded", "pill"] as const;
export const FONT_FAMILIES = ["sans", "serif", "mono", "rounded"] as const;

export const SEO_TITLE_MAX = 60;
export const SEO_DESCRIPTION_MAX = 160;
export const SENSITIVE_LEVELS = ["none", "adult", "sensitive"] as const;
export type SensitiveLevel = (typeof SENSITIVE_LEVELS)[number];
