import type { Link } from "@/lib/generated/prisma/client";
import type { LinkKind } from "./link-schemas";

export interface LinkDto {
  id: string;
  kind: LinkKind;
  title: string;
  /** null for a section title. */
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
  sensitive: true,
} as const;

export function toLinkDto(link: Pick<Link, keyof typeof linkSelect>): LinkDto {
  const kind: LinkKind = link.kind === "header" ? "header" : "link";
  return {
    id: link.id,
    kind,
    title: link.title,
    url: kind === "header" ? null : link.url,
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
