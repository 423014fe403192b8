import { z } from "zod";
import { linksStrings } from "@/lib/strings/links";
import { richLinksStrings } from "@/lib/strings/rich-links";
import { errorsStrings } from "@/lib/strings/errors";
import { normalizeLinkUrl } from "./link-url";

const strings = { links: linksStrings, richLinks: richLinksStrings, errors: errorsStrings };

// One schema, two users: the link form and the links API.

export { normalizeLinkUrl, URL_MAX } from "./link-url";

const t = strings.links;
const r = strings.richLinks;

export const LINK_KINDS = ["link", "header"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export const linkTitleSchema = z
  .string({ error: t.titleRequired })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, t.titleRequired).max(100, t.titleMax));

/** An ISO 8601 instant (with its offset) or null. */
const instantSchema = z
  .union([z.iso.datetime({ offset: true, error: r.invalidDate }), z.null()], { error: r.invalidDate })
  .transform((v) => (v === null ? null : new Date(v)));

type Raw = { kind?: unknown; url?: unknown; startsAt?: unknown; endsAt?: unknown };

// These checks run even when another field failed (`when`), so a form shows
// every field's message at once.

/** endsAt after startsAt when both are given (the mutation checks again against stored values). */
const raw = (v: unknown): Raw => (v && typeof v === "object" ? (v as Raw) : {});
const windowOk = (input: unknown) => {
  const v = raw(input);
  return !(v.startsAt instanceof Date && v.endsAt instanceof Date && v.endsAt <= v.startsAt);
};
const windowIssue = () => ({ path: ["endsAt"], message: r.endBeforeStart, when: () => true });

/** A link's url must be one we accept; a section has none. */
const urlOk = (input: unknown) => {
  const v = raw(input);
  return v.kind === "header" || normalizeLinkUrl(typeof v.url === "string" ? v.url : "") !== null;
};
const urlIssue = () => ({ path: ["url"], message: t.invalidUrl, when: () => true });

const extraFields = {
  highlighted: z.boolean({ error: strings.errors.invalidInput }).optional(),
  startsAt: instantSchema.optional(),
  endsAt: instantSchema.optional(),
  sensitive: z.boolean({ error: strings.errors.invalidInput }).optional(),
};

/**
 * POST /api/links: a link (title, url) or a section title (kind "header",
 * title only; any url is ignored).
 */
export const linkInputSchema = z
  .object({
    kind: z.enum(LINK_KINDS, { error: r.invalidKind }).default("link"),
    title: linkTitleSchema,
    url: z.unknown().optional(),
    active: z.boolean().default(true),
    ...extraFields,
  })
  .refine(urlOk, urlIssue())
  .refine(windowOk, windowIssue())
  .transform((v) => ({ ...v, url: v.kind === "link" ? (normalizeLinkUrl(String(v.url)) ?? "") : "" }));

export type LinkInput = z.output<typeof linkInputSchema>;

/** The add/edit form's values (dates as ISO instants; the inputs show and take them in São Paulo time). */
export type LinkFormValues = z.input<typeof linkInputSchema>;

/**
 * PUT /api/links/:id: title and active as before; url for a link (a section
 * keeps none); the second release's fields keep their stored value when absent.
 */
export const linkReplaceSchema = z
  .object({
    title: linkTitleSchema,
    url: z.unknown().optional(),
    active: z.boolean(),
    ...extraFields,
  })
  .refine((v) => [undefined, null, ""].includes(raw(v).url as string) || urlOk(v), urlIssue())
  .refine(windowOk, windowIssue())
  .transform((v) => ({ ...v, url: typeof v.url === "string" && v.url ? (normalizeLinkUrl(v.url) ?? undefined) : undefined }));

export type LinkReplaceInput = z.output<typeof linkReplaceSchema>;

/** PATCH /api/links/:id: active, highlighted and/or sensitive. */
export const linkPatchSchema = z
  .object({ active: z.boolean().optional(), highlighted: z.boolean().optional(), sensitive: extraFields.sensitive })
  .refine((v) => v.active !== undefined || v.highlighted !== undefined || v.sensitive !== undefined, { message: strings.errors.invalidInput, path: ["active"] });

const orderEntry = z.object({ id: z.string().min(1).max(64), order: z.number().int().min(0).max(100_000) });
export const reorderSchema = z.object({ linkOrders: z.array(orderEntry).max(1000) });
/** The other reading of reorder: PUT /api/links with a bare array. */
export const reorderArraySchema = z.array(orderEntry).max(1000);

export type LinkOrder = z.infer<typeof orderEntry>;

export const linkIdSchema = z.object({ id: z.string().min(1).max(64) });
