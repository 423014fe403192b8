import type { Link } from "@/lib/generated/prisma/client";

export interface LinkDto {
  id: string;
  title: string;
  url: string;
  active: boolean;
  order: number;
  clicks: number;
}

export const linkSelect = { id: true, title: true, url: true, active: true, order: true, clicks: true } as const;

export function toLinkDto(link: Pick<Link, keyof typeof linkSelect>): LinkDto {
  return { id: link.id, title: link.title, url: link.url, active: link.active, order: link.order, clicks: link.clicks };
}
