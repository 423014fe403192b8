import "server-only";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { buildPixCode } from "@/lib/pix/br-code";
import { pixSchema } from "@/lib/pix/pix-schemas";
import { pixKind } from "@/lib/blocks/kinds/pix";
import { linkSelect, toLinkDto, type LinkDto } from "./link-dto";

export async function listLinks(pageId: string): Promise<LinkDto[]> {
  const links = await db.link.findMany({ where: { pageId }, orderBy: { order: "asc" }, select: linkSelect });
  return links.map(toLinkDto);
}

/** The page's link; another page's link is a 404, exactly like a missing one. */
export async function getOwnLink(pageId: string, id: string): Promise<LinkDto> {
  const link = await db.link.findFirst({ where: { id, pageId }, select: linkSelect });
  if (!link) throw new AppError("not_found", { message: "Link não encontrado" });
  return toLinkDto(link);
}

/** The page's Pix block's code; another page's link, a missing one or another kind is a 404. */
export async function getOwnPixCode(pageId: string, id: string): Promise<string> {
  const link = await db.link.findFirst({ where: { id, pageId, kind: pixKind.name }, select: { data: true } });
  const pix = link ? pixSchema.safeParse(link.data) : null;
  if (!pix?.success) throw new AppError("not_found", { message: "Link não encontrado" });
  return buildPixCode(pix.data);
}

/** The kind of the page's row (link, header, pix, embed…); null for another page's row or a missing one. */
export async function getOwnLinkKind(pageId: string, id: string): Promise<string | null> {
  const row = await db.link.findFirst({ where: { id, pageId }, select: { kind: true } });
  return row?.kind ?? null;
}
