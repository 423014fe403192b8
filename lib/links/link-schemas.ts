import { z } from "zod";
import { strings } from "@/lib/strings";

// One schema, two users: the link form and the links API.

const t = strings.links;
export const URL_MAX = 2048;

/**
 * An absolute http(s) URL of at most 2048 characters, checked on the parsed
 * URL (so " javascript:", "java\tscript:" and friends are refused), without
 * user:password. A bare "example.com" is completed to https://example.com.
 */
export function normalizeLinkUrl(input: string): string | null {
  const raw = input.trim();
  if (!raw || raw.length > URL_MAX || /[\u0000-\u001f\u007f\s]/.test(raw)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : /^[\w-]+(\.[\w-]+)+([/?#:]|$)/.test(raw) ? `https://${raw}` : raw;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password || !url.hostname) return null;
  if (!url.hostname.includes(".") && url.hostname !== "localhost" && !url.hostname.startsWith("[")) return null;
  return url.href.length > URL_MAX ? null : url.href;
}

export const linkUrlSchema = z
  .string({ error: t.invalidUrl })
  .transform((v, ctx) => {
    const url = normalizeLinkUrl(v);
    if (!url) {
      ctx.addIssue({ code: "custom", message: t.invalidUrl });
      return z.NEVER;
    }
    return url;
  });

export const linkTitleSchema = z
  .string({ error: t.titleRequired })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, t.titleRequired).max(100, t.titleMax));

export const linkInputSchema = z.object({
  title: linkTitleSchema,
  url: linkUrlSchema,
  active: z.boolean().default(true),
});

export type LinkInput = z.infer<typeof linkInputSchema>;
export type LinkFormValues = z.input<typeof linkInputSchema>;

/** PUT replaces every field. */
export const linkReplaceSchema = linkInputSchema.extend({ active: z.boolean() });

export const linkActiveSchema = z.object({ active: z.boolean() });

const orderEntry = z.object({ id: z.string().min(1).max(64), order: z.number().int().min(0).max(100_000) });
export const reorderSchema = z.object({ linkOrders: z.array(orderEntry).max(1000) });
/** The other reading of reorder: PUT /api/links with a bare array. */
export const reorderArraySchema = z.array(orderEntry).max(1000);

export type LinkOrder = z.infer<typeof orderEntry>;

export const linkIdSchema = z.object({ id: z.string().min(1).max(64) });
