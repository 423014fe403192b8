import { z } from "zod";
import { blocks, type BlockKindName, type BlockRegistry } from "@/lib/blocks/registry";
import type { BlockKind } from "@/lib/blocks/block-kind";
import { linksStrings } from "@/lib/strings/links";
import { richLinksStrings } from "@/lib/strings/rich-links";
import { errorsStrings } from "@/lib/strings/errors";
import { defaultOpenInApp } from "./app-links";

const strings = { links: linksStrings, richLinks: richLinksStrings, errors: errorsStrings };

// One schema, two users: the link form and the links API. What each kind
// accepts is its module's business (lib/blocks): this file only asks it.

export { normalizeLinkUrl, URL_MAX } from "@/lib/blocks/kinds/link/link-url";

const t = strings.links;
const r = strings.richLinks;

/** A block kind's name (link, header, pix, embed, subscribe: lib/blocks/registry.ts). */
export type LinkKind = BlockKindName;
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
const raw = (v: unknown): Raw => (v && typeof v === "object" ? v : {});
const windowOk = (input: unknown) => {
  const v = raw(input);
  return !(v.startsAt instanceof Date && v.endsAt instanceof Date && v.endsAt <= v.startsAt);
};
const windowIssue = () => ({ path: ["endsAt"], message: r.endBeforeStart, when: () => true });

const urlIssue = () => ({ path: ["url"], message: t.invalidUrl, when: () => true });

const extraFields = {
  highlighted: z.boolean({ error: strings.errors.invalidInput }).optional(),
  startsAt: instantSchema.optional(),
  endsAt: instantSchema.optional(),
  sensitive: z.boolean({ error: strings.errors.invalidInput }).optional(),
  openInApp: z.boolean({ error: strings.errors.invalidInput }).optional(),
};

/** A kind's own fields (its module's schema), reported under <field>.<name> (the form's field names). */
function checkData(kind: BlockKind, value: unknown, ctx: z.RefinementCtx): void {
  if (!kind.data) return;
  const parsed = kind.data.schema.safeParse(value ?? {});
  if (parsed.success) return;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: [kind.data.field, ...issue.path.map(String)], message: issue.message });
}

/** The stored form of what was sent for this kind: its url, its own data, its title and whether it opens in the app. */
function stored(kind: BlockKind, v: { url?: unknown; title?: string; openInApp?: boolean } & Record<string, unknown>) {
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- what is not an address (an object too) is refused by parse()
  const url = kind.address ? (kind.address.parse(String(v.url ?? "")) ?? "") : "";
  const data = kind.data ? (kind.data.schema.parse(v[kind.data.field] ?? {}) as Record<string, unknown>) : null;
  const title = v.title || (kind.address?.titleFrom?.(url) ?? "");
  const openInApp = kind.can.openInApp ? (v.openInApp ?? defaultOpenInApp(url)) : false;
  return { url, data, title, openInApp };
}

/**
 * POST /api/links: a block of any kind the registry knows. A link (title,
 * url), a section title (kind "header", title only; any url is ignored), a
 * Pix block (kind "pix", title and `pix`), a player (kind "embed", url of a
 * YouTube or Spotify page; the title may be left out), a sign-up form (kind
 * "subscribe", title and `subscribe`). `registry`: the app's, or a test's own.
 */
export function blockInputSchema(registry: BlockRegistry = blocks) {
  const dataFields = Object.fromEntries(registry.withData.map((k) => [k.data!.field, z.unknown().optional()]));
  return z
    .object({
      kind: z.enum(registry.names, { error: r.invalidKind }).default(registry.names[0]),
      title: z
        .string({ error: t.titleRequired })
        .transform((v) => v.trim())
        .pipe(z.string().max(100, t.titleMax))
        .optional(),
      url: z.unknown().optional(),
      ...dataFields,
      active: z.boolean().default(true),
      ...extraFields,
    })
    .superRefine((v, ctx) => {
      const kind = registry.get(v.kind)!;
      if (!v.title && !kind.address?.titleFrom) ctx.addIssue({ code: "custom", path: ["title"], message: t.titleRequired });
      if (kind.address && kind.address.parse(typeof v.url === "string" ? v.url : "") === null) {
        ctx.addIssue({ code: "custom", path: ["url"], message: kind.address.invalid });
      }
      checkData(kind, (v as Record<string, unknown>)[kind.data?.field ?? ""], ctx);
    })
    .refine(windowOk, windowIssue())
    .transform((v) => {
      const kind = registry.get(v.kind)!;
      return {
        kind: v.kind as LinkKind,
        active: v.active,
        highlighted: kind.can.highlight ? v.highlighted : false,
        startsAt: v.startsAt,
        endsAt: v.endsAt,
        sensitive: kind.can.sensitive ? v.sensitive : false,
        ...stored(kind, v),
      };
    });
}

export const linkInputSchema = blockInputSchema();

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
    ...Object.fromEntries(blocks.withData.map((k) => [k.data!.field, z.unknown().optional()])),
    active: z.boolean(),
    ...extraFields,
  })
  .superRefine((v, ctx) => {
    // Which kind's data was sent is checked against the stored kind by the mutation; here only its shape.
    for (const kind of blocks.withData) {
      const value = (v as Record<string, unknown>)[kind.data!.field];
      if (value !== undefined && value !== null) checkData(kind, value, ctx);
    }
  })
  .refine((v) => [undefined, null, ""].includes(raw(v).url as string) || typeof raw(v).url === "string", urlIssue())
  .refine(windowOk, windowIssue())
  .transform((v) => {
    const sent = blocks.withData.find((k) => {
      const value = (v as Record<string, unknown>)[k.data!.field];
      return value !== undefined && value !== null;
    });
    return {
      title: v.title,
      active: v.active,
      highlighted: v.highlighted,
      startsAt: v.startsAt,
      endsAt: v.endsAt,
      sensitive: v.sensitive,
      openInApp: v.openInApp,
      // Kept as typed: the mutation reads it for the stored kind (a link's address or a player's page).
      url: typeof v.url === "string" && v.url.trim() ? v.url.trim() : undefined,
      // The kind's data that was sent (the mutation refuses it for another kind).
      data: sent ? { kind: sent.name, value: sent.data!.schema.parse((v as Record<string, unknown>)[sent.data!.field]) as Record<string, unknown> } : undefined,
    };
  });

export type LinkReplaceInput = z.output<typeof linkReplaceSchema>;

/** PATCH /api/links/:id: active, highlighted, sensitive and/or openInApp. */
export const linkPatchSchema = z
  .object({ active: z.boolean().optional(), highlighted: z.boolean().optional(), sensitive: extraFields.sensitive, openInApp: extraFields.openInApp })
  .refine((v) => v.active !== undefined || v.highlighted !== undefined || v.sensitive !== undefined || v.openInApp !== undefined, {
    message: strings.errors.invalidInput,
    path: ["active"],
  });

const orderEntry = z.object({ id: z.string().min(1).max(64), order: z.number().int().min(0).max(100_000) });
export const reorderSchema = z.object({ linkOrders: z.array(orderEntry).max(1000) });
/** The other reading of reorder: PUT /api/links with a bare array. */
export const reorderArraySchema = z.array(orderEntry).max(1000);

export type LinkOrder = z.infer<typeof orderEntry>;

export const linkIdSchema = z.object({ id: z.string().min(1).max(64) });

/** GET /api/links/export?format=json|csv. */
export const linkExportQuerySchema = z.object({ format: z.enum(["json", "csv"]).default("json") });
