import { z } from "zod";
import { strings } from "@/lib/strings";
import { normalizeLinkUrl } from "./link-url";

// One schema, two users: the link form and the links API.

export { normalizeLinkUrl, URL_MAX } from "./link-url";

const t = strings.links;
const r = strings.richLinks;

export const LINK_KINDS = ["link", "header"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

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

/** An ISO 8601 instant (with its offset) or null. */
const instantSchema = z
  .union([z.iso.datetime({ offset: true, error: r.invalidDate }), z.null()], { error: r.invalidDate })
  .transform((v) => (v === null ? null : new Date(v)));

/** endsAt after startsAt when both are given (the mutation checks again against stored values). */
function checkWindow(v: { startsAt?: Date | null; endsAt?: Date | null }, ctx: z.RefinementCtx) {
  if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) ctx.addIssue({ code: "custom", path: ["endsAt"], message: r.endBeforeStart });
}

const extraFields = {
  highlighted: z.boolean({ error: strings.errors.invalidInput }).optional(),
  startsAt: instantSchema.optional(),
  endsAt: instantSchema.optional(),
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
  .transform((v, ctx) => {
    let url = "";
    if (v.kind === "link") {
      const parsed = linkUrlSchema.safeParse(v.url);
      if (!parsed.success) ctx.addIssue({ code: "custom", path: ["url"], message: t.invalidUrl });
      else url = parsed.data;
    }
    checkWindow(v, ctx);
    return { ...v, url };
  });

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
  .transform((v, ctx) => {
    let url: string | undefined;
    if (v.url !== undefined && v.url !== null && v.url !== "") {
      const parsed = linkUrlSchema.safeParse(v.url);
      if (!parsed.success) ctx.addIssue({ code: "custom", path: ["url"], message: t.invalidUrl });
      else url = parsed.data;
    }
    checkWindow(v, ctx);
    return { ...v, url };
  });

export type LinkReplaceInput = z.output<typeof linkReplaceSchema>;

/** PATCH /api/links/:id: active and/or highlighted. */
export const linkPatchSchema = z
  .object({ active: z.boolean().optional(), highlighted: z.boolean().optional() })
  .refine((v) => v.active !== undefined || v.highlighted !== undefined, { message: strings.errors.invalidInput, path: ["active"] });

const orderEntry = z.object({ id: z.string().min(1).max(64), order: z.number().int().min(0).max(100_000) });
export const reorderSchema = z.object({ linkOrders: z.array(orderEntry).max(1000) });
/** The other reading of reorder: PUT /api/links with a bare array. */
export const reorderArraySchema = z.array(orderEntry).max(1000);

export type LinkOrder = z.infer<typeof orderEntry>;

export const linkIdSchema = z.object({ id: z.string().min(1).max(64) });
