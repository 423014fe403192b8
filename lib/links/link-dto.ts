import type { Link } from "@/lib/generated/prisma/client";
import { blocks, type BlockDataFields } from "@/lib/blocks/registry";
import type { LinkKind } from "./link-schemas";

export type LinkDto = {
  id: string;
  kind: LinkKind;
  title: string;
  /** null for the kinds without an address (a section title, a Pix block, a form); a player's page for an embed. */
  url: string | null;
  active: boolean;
  order: number;
  clicks: number;
  startsAt: string | null;
  endsAt: string | null;
  highlighted: boolean;
  thumbnailUrl: string | null;
  /** Its short link shows a warning before redirecting. */
  sensitive: boolean;
  /** Its short link opens the app from an in-app browser on Android (api.md, Open in the app). */
  openInApp: boolean;
} & BlockDataFields;
/* Each kind's own data under its field (`pix`, `subscribe`: the owner's view), null for the other kinds. */

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
