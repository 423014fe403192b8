import { z } from "zod";
import { linksStrings } from "@/lib/strings/links";
import { richLinksStrings } from "@/lib/strings/rich-links";
import { errorsStrings } from "@/lib/strings/errors";
import { blocksStrings } from "@/lib/strings/blocks";
import { pixSchema, type PixData } from "@/lib/pix/pix-schemas";
import { normalizeLinkUrl } from "./link-url";
import { embedTitle, parseEmbedUrl } from "./embed";

const strings = { links: linksStrings, richLinks: richLinksStrings, errors: errorsStrings, blocks: blocksStrings };

// One schema, two users: the link form and the links API.

export { normalizeLinkUrl, URL_MAX } from "./link-url";

const t = strings.links;
const r = strings.richLinks;

export const LINK_KINDS = ["link", "header", "pix", "embed"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

const linkTitleSchema = z
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

/** A link's url must be one we accept; a section and a Pix block have none; a player's must be one we embed. */
const urlOk = (input: unknown) => {
  const v = raw(input);
  const url = typeof v.url === "string" ? v.url : "";
  if (v.kind === "header" || v.kind === "pix") return true;
  if (v.kind === "embed") return parseEmbedUrl(url) !== null;
  return normalizeLinkUrl(url) !== null;
};
const urlIssue = () => ({
  path: ["url"],
  message: t.invalidUrl,
  when: () => true,
});

const extraFields = {
  highlighted: z.boolean({ error: strings.errors.invalidInput }).optional(),
  startsAt: instantSchema.optional(),
  endsAt: instantSchema.optional(),
  sensitive: z.boolean({ error: strings.errors.invalidInput }).optional(),
};

/** A block's Pix fields, reported under pix.<field> (the form's field names). */
function checkPix(value: unknown, ctx: z.RefinementCtx): PixData | null {
  const parsed = pixSchema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: ["pix", ...issue.path.map(String)], message: issue.message });
  return null;
}

/**
 * POST /api/links: a link (title, url), a section title (kind "header",
 * title only; any url is ignored), a Pix block (kind "pix", title and `pix`)
 * or a player (kind "embed", url of a YouTube or Spotify page; the title may
 * be left out).
 */
export const linkInputSchema = z
  .object({
    kind: z.enum(LINK_KINDS, { error: r.invalidKind }).default("link"),
    title: z
      .string({ error: t.titleRequired })
      .transform((v) => v.trim())
      .pipe(z.string().max(100, t.titleMax))
      .optional(),
    url: z.unknown().optional(),
    pix: z.unknown().optional(),
    active: z.boolean().default(true),
    ...extraFields,
  })
  .superRefine((v, ctx) => {
    if (!v.title && v.kind !== "embed") ctx.addIssue({ code: "custom", path: ["title"], message: t.titleRequired });
    if (!urlOk(v)) ctx.addIssue({ code: "custom", path: ["url"], message: v.kind === "embed" ? strings.blocks.notEmbeddable : t.invalidUrl });
    if (v.kind === "pix") checkPix(v.pix, ctx);
  })
  .refine(windowOk, windowIssue())
  .transform((v) => {
    const embed = v.kind === "embed" ? parseEmbedUrl(String(v.url)) : null;
    const url = v.kind === "link" ? (normalizeLinkUrl(String(v.url)) ?? "") : (embed?.url ?? "");
    const pix = v.kind === "pix" ? pixSchema.parse(v.pix) : null;
    const title = v.title || (embed ? embedTitle(embed) : "");
    return { ...v, title, url, pix };
  });

export type LinkInput = z.output<typeof linkInputSchema>;

/** The add/edit form's values (dates as ISO instants; the inputs show and take them in São Paulo time). */
export type LinkFormValues = z.input<typeof linkInputSchema>;

/**
 * PUT /api/links/:id: title and active as before; url for a link or a player
 * (a section and a Pix block keep none; the mutation checks it against the
 * stored kind); `pix` for a Pix block; the second release's fields keep their
 * stored value when absent.
 */
export const linkReplaceSchema = z
  .object({
    title: linkTitleSchema,
    url: z.unknown().optional(),
    pix: z.unknown().optional(),
    active: z.boolean(),
    ...extraFields,
  })
  .superRefine((v, ctx) => {
    if (v.pix !== undefined && v.pix !== null) checkPix(v.pix, ctx);
  })
  .refine((v) => [undefined, null, ""].includes(raw(v).url as string) || typeof raw(v).url === "string", urlIssue())
  .refine(windowOk, windowIssue())
  .transform((v) => ({
    ...v,
    // Kept as typed: the mutation reads it for the stored kind (a link's address or a player's page).
    url: typeof v.url === "string" && v.url.trim() ? v.url.trim() : undefined,
    pix: v.pix !== undefined && v.pix !== null ? pixSchema.parse(v.pix) : undefined,
  }));

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
