import "server-only";
import { discardImage, replaceImage } from "@/lib/images/store-image";
import { MAX_IMAGE_BYTES } from "@/lib/images/image-rules";
import { onProfileChanged } from "@/lib/profile-cache/profile-cache";
import { db } from "@/lib/server/db";
import { errorFields, log } from "@/lib/server/log";
import type { Embed } from "@/lib/blocks/kinds/embed/embed-url";

// A player's stand-in picture (api.md, Creator blocks): copied from the
// provider once, when the block is saved, re-encoded by our image pipeline and
// served from our own storage, so a visitor's browser asks the provider for
// nothing until play is pressed. Without it the stand-in is drawn in CSS.

export type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

const TIMEOUT_MS = 4000;
/** Where Spotify's oEmbed answer may point its picture. */
const SPOTIFY_IMAGE_HOSTS = [".scdn.co", ".spotifycdn.com"];

async function readCapped(response: Response, max: number): Promise<Uint8Array | null> {
  if (!response.ok || !response.body) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The provider's picture URL for a player: fixed hosts only (no address from the owner is ever fetched). */
async function posterSource(embed: Embed, fetcher: Fetcher): Promise<string | null> {
  if (embed.provider === "youtube") return `https://i.ytimg.com/vi/${embed.id}/hqdefault.jpg`;
  const response = await fetcher(`https://open.spotify.com/oembed?url=${encodeURIComponent(embed.url)}`, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
    redirect: "error",
  });
  const text = await readCapped(response, 64 * 1024);
  if (!text) return null;
  const { thumbnail_url: source } = JSON.parse(new TextDecoder().decode(text)) as { thumbnail_url?: unknown };
  if (typeof source !== "string") return null;
  const url = new URL(source);
  return url.protocol === "https:" && SPOTIFY_IMAGE_HOSTS.some((h) => url.hostname.endsWith(h)) ? url.href : null;
}

/** The picture's bytes, or null when the provider cannot be reached or answers anything else. */
async function fetchPoster(embed: Embed, fetcher: Fetcher = fetch): Promise<Uint8Array | null> {
  try {
    const source = await posterSource(embed, fetcher);
    if (!source) return null;
    return await readCapped(await fetcher(source, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "error" }), MAX_IMAGE_BYTES);
  } catch (error) {
    // Expected whenever the provider is out of reach: the message is enough, no stack.
    log.warn("embed.poster_unavailable", { provider: embed.provider, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/**
 * Gives a player its picture (replacing the one of an earlier address), or
 * none when the provider has none for us; the page changes either way.
 */
export async function refreshPoster(pageId: string, linkId: string, embed: Embed, fetcher: Fetcher = fetch): Promise<void> {
  const bytes = await fetchPoster(embed, fetcher);
  let stored = false;
  if (bytes) {
    try {
      await replaceImage({
        bytes,
        variant: "poster",
        commit: (url) =>
          db.$transaction(async (tx) => {
            const rows = await tx.$queryRaw<{ url: string | null }[]>`
              SELECT "thumbnailUrl" AS url FROM "Link" WHERE id = ${linkId} AND "pageId" = ${pageId} FOR UPDATE`;
            if (!rows[0]) throw new Error("link gone");
            await tx.link.update({ where: { id: linkId }, data: { thumbnailUrl: url } });
            return { result: undefined, previous: rows[0].url };
          }),
      });
      stored = true;
    } catch (error) {
      // Not an image, or the block was deleted meanwhile: the stand-in goes without.
      log.warn("embed.poster_rejected", { provider: embed.provider, ...errorFields(error) });
    }
  }
  if (!stored) {
    const previous = await db.link.findFirst({ where: { id: linkId, pageId }, select: { thumbnailUrl: true } });
    if (previous?.thumbnailUrl) {
      await db.link.updateMany({ where: { id: linkId, pageId }, data: { thumbnailUrl: null } });
      await discardImage(previous.thumbnailUrl);
    }
  }
  await onProfileChanged(pageId);
}
