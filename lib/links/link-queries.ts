import "server-only";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { linkSelect, toLinkDto, type LinkDto } from "./link-dto";

export async function listLinks(userId: string): Promise<LinkDto[]> {
  const links = await db.link.findMany({ where: { userId }, orderBy: { order: "asc" }, select: linkSelect });
  return links.map(toLinkDto);
}

/** The owner's link; another user's link is a 404, exactly like a missing one. */
export async function getOwnLink(userId: string, id: string): Promise<LinkDto> {
  const link = await db.link.findFirst({ where: { id, userId }, select: linkSelect });
  if (!link) throw new AppError("not_found", { message: "Link não encontrado" });
  return toLinkDto(link);
}
