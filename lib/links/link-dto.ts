import type { Link } from "@/lib/generated/prisma/client";
import type { PixData } from "@/lib/pix/pix-schemas";
import { LINK_KINDS, type LinkKind } from "./link-schemas";

export interface LinkDto {
  id: string;
  kind: LinkKind;
  title: string;
  /** null for a section title and a Pix block; a player's page for an embed. */
  url: string | null;
  /** A Pix block's fields (the owner's view); null for the other kinds. */
  pix: PixData | null;
  active: boolean;
  order: number;
  clicks: number;
  startsAt: string | null;
  endsAt: string | null;
  highlighted: boolean;
  thumbnailUrl: string | null;
  /** Its short link shows a warning before redirecting. */
  sensitive: boolean;
}

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
} as const;

export function toLinkDto(link: Pick<Link, keyof typeof linkSelect>): LinkDto {
  const kind: LinkKind = (LINK_KINDS as readonly string[]).includes(link.kind) ? (link.kind as LinkKind) : "link";
  return {
    id: link.id,
    kind,
    title: link.title,
    url: kind === "header" || kind === "pix" ? null : link.url,
    pix: kind === "pix" ? (link.data as PixData | null) : null,
    active: link.active,
    order: link.order,
    clicks: link.clicks,
    startsAt: link.startsAt?.toISOString() ?? null,
    endsAt: link.endsAt?.toISOString() ?? null,
    highlighted: link.highlighted,
    thumbnailUrl: link.thumbnailUrl,
    sensitive: link.sensitive,
  };
}
