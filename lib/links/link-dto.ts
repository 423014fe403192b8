import { z } from "zod";
import type { Link } from "@/lib/generated/prisma/client";
import { blocks, type BlockDataFields } from "@/lib/blocks/registry";
import type { LinkKind } from "./link-schemas";

/** A link's own fields, whatever its kind. */
const linkFieldsSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** null for the kinds without an address (a section title, a Pix block, a form); a player's page for an embed. */
  url: z.string().nullable(),
  active: z.boolean(),
  order: z.number().int(),
  clicks: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  highlighted: z.boolean(),
  thumbnailUrl: z.string().nullable(),
  /** Its short link shows a warning before redirecting. */
  sensitive: z.boolean(),
  /** Its short link opens the app from an in-app browser on Android (api.md, Open in the app). */
  openInApp: z.boolean(),
});

export type LinkDto = z.infer<typeof linkFieldsSchema> & { kind: LinkKind } & BlockDataFields;
/* Each kind's own data under its field (`pix`, `subscribe`: the owner's view), null for the other kinds. */

/**
 * A kind's data as stored is its schema's output, which the same schema takes
 * back as input: the input's shape describes it (a transform has no shape).
 */
function storedData(schema: z.ZodType): z.ZodType {
  const shape = z.fromJSONSchema(z.toJSONSchema(schema, { io: "input" }));
  return shape instanceof z.ZodObject ? z.object(shape.shape) : shape;
}

/** Each kind's data field, from the registry (a new kind's field comes with it). */
const dataFields = Object.fromEntries(blocks.withData.map((k) => [k.data!.field, storedData(k.data!.schema)]));

/** The link object of the API (GET /api/links and every answer that carries a link). */
export const linkDtoSchema = linkFieldsSchema.extend({
  kind: z.enum(blocks.names),
  ...Object.fromEntries(Object.entries(dataFields).map(([field, schema]) => [field, schema.nullable()])),
});

/** GET /api/links/export?format=json: what POST /api/links and the import take back (lib/blocks/block-export.ts). */
export const linkExportFileSchema = z.array(
  linkDtoSchema
    .pick({ kind: true, title: true, url: true, active: true, highlighted: true, startsAt: true, endsAt: true, sensitive: true, openInApp: true })
    .extend(Object.fromEntries(Object.entries(dataFields).map(([field, schema]) => [field, schema.nullable().optional()]))),
);

export const linkSelect = {
  id: true,
  kind: true,
  title: true,
  url: true,
  active: true,
  order: true,
  clicks: true,
  startsAt: true,
  endsAt: true,
  highlighted: true,
  thumbnailUrl: true,
  data: true,
  sensitive: true,
  openInApp: true,
} as const;

/** A stored row as the API shows it; a row of a kind no longer known reads as a link. */
export function toLinkDto(link: Pick<Link, keyof typeof linkSelect>): LinkDto {
  const kind = blocks.get(link.kind) ?? blocks.get("link")!;
  const dataFields = Object.fromEntries(blocks.withData.map((k) => [k.data!.field, k === kind ? (link.data ?? null) : null]));
  return {
    id: link.id,
    kind: kind.name as LinkKind,
    title: link.title,
    url: kind.address ? link.url : null,
    ...(dataFields as BlockDataFields),
    active: link.active,
    order: link.order,
    clicks: link.clicks,
    startsAt: link.startsAt?.toISOString() ?? null,
    endsAt: link.endsAt?.toISOString() ?? null,
    highlighted: link.highlighted,
    thumbnailUrl: link.thumbnailUrl,
    sensitive: link.sensitive,
    openInApp: link.openInApp,
  };
}
