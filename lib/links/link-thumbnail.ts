import "server-only";
import { discardImage, replaceImage } from "@/lib/images/store-image";
import { onProfileChanged } from "@/lib/profile-cache/profile-cache";
import { db } from "@/lib/server/db";
import { enforce } from "@/lib/server/rate-limit";
import { UPLOADS_PER_USER } from "@/lib/settings/settings-mutations";
import { linkSelect, toLinkDto, type LinkDto } from "./link-dto";
import { notFound } from "./link-mutations";

// A link's thumbnail (api.md, Links (second release)): the avatar's rules and
// pipeline (lib/images), stored as the "thumbnail" variant.

/** The link's stored thumbnail URL, locked until the transaction ends; 404 for another page's link. */
async function lockThumbnail(tx: Parameters<Parameters<typeof db.$transaction>[0]>[0], pageId: string, id: string) {
  const rows = await tx.$queryRaw<{ url: string | null }[]>`
    SELECT "thumbnailUrl" AS url FROM "Link" WHERE id = ${id} AND "pageId" = ${pageId} FOR UPDATE`;
  if (!rows[0]) throw notFound();
  return rows[0].url;
}

/** POST /api/links/:id/thumbnail: the page's link; the upload counts against `accountId`'s limit (per person, not per page). */
export async function setLinkThumbnail(pageId: string, id: string, bytes: Uint8Array, accountId: string): Promise<LinkDto> {
  // Checked first so nothing is processed or stored for another page's link.
  if (!(await db.link.findFirst({ where: { id, pageId }, select: { id: true } }))) throw notFound();
  await enforce(`upload:user:${accountId}`, UPLOADS_PER_USER);
  const link = await replaceImage({
    bytes,
    variant: "thumbnail",
    commit: (url) =>
      db.$transaction(async (tx) => {
        const previous = await lockThumbnail(tx, pageId, id);
        const row = await tx.link.update({ where: { id }, data: { thumbnailUrl: url }, select: linkSelect });
        return { result: toLinkDto(row), previous };
      }),
  });
  await onProfileChanged(pageId);
  return link;
}

/** DELETE /api/links/:id/thumbnail. */
export async function removeLinkThumbnail(pageId: string, id: string): Promise<LinkDto> {
  const { link, previous } = await db.$transaction(async (tx) => {
    const previous = await lockThumbnail(tx, pageId, id);
    const row = await tx.link.update({ where: { id }, data: { thumbnailUrl: null }, select: linkSelect });
    return { link: toLinkDto(row), previous };
  });
  await onProfileChanged(pageId);
  await discardImage(previous);
  return link;
}
