import "server-only";
import { dangerouslyDeleteByTag } from "@vercel/functions";
import { after } from "next/server";
import { setTimeout as sleep } from "node:timers/promises";
import { env } from "./env";
import { errorFields, log } from "./log";

// A CDN may keep an answer only where a change can purge it (api.md, Third
// release: public pages). On Vercel it can: an answer names its cache tags
// (Vercel-Cache-Tag, which the CDN reads and strips), and a change deletes
// those tags through the function's own purge API (@vercel/functions), the
// tag purge that clears Vercel's CDN, runtime and data caches at once. No
// other host gets the headers: there `Cache-Control` alone keeps any CDN
// from storing the page.
//
// The answer goes to the CDN only (Vercel-CDN-Cache-Control); browsers keep
// revalidating with the ETag on every view.

/** The longest the CDN keeps a page, even if a purge were lost (a change made by a script outside any request). */
const CDN_KEEPS_S = 60 * 60;
/**
 * A page drawn from the database just before a change commits may reach the
 * CDN just after the change's purge; the tags are deleted once more this long
 * after it, in the request's after() time, so such a copy lives at most this long.
 */
const PURGE_AGAIN_MS = 1_000;

/** Does a CDN in front of this deployment keep pages, purged by tag? Only Vercel's. */
export function cdnKeepsPages(): boolean {
  return env().VERCEL;
}

/**
 * Headers that let the CDN keep an answer, with its tags, until `until` (ms;
 * a scheduled link's next start or end) or CDN_KEEPS_S; none off Vercel or
 * when that instant is under a second away.
 */
export function cdnHeaders(tags: readonly string[], until: number | null, now: number = Date.now()): Record<string, string> {
  if (!cdnKeepsPages() || !tags.length) return {};
  const seconds = Math.floor(Math.min(CDN_KEEPS_S * 1000, until === null ? Infinity : until - now) / 1000);
  if (seconds < 1) return {};
  return { "vercel-cdn-cache-control": `max-age=${seconds}`, "vercel-cache-tag": tags.join(",") };
}

/**
 * Deletes every answer the CDN keeps under these tags: at once (the change has
 * committed) and again PURGE_AGAIN_MS later. Never throws: a failed purge is
 * logged, and CDN_KEEPS_S bounds what it leaves.
 */
export async function purgeCdn(tags: readonly string[]): Promise<void> {
  if (!cdnKeepsPages() || !tags.length) return;
  await deleteTags(tags);
  try {
    after(() => sleep(PURGE_AGAIN_MS).then(() => deleteTags(tags)));
  } catch {
    // Outside a request (a script): there is no CDN purge API either.
  }
}

async function deleteTags(tags: readonly string[]): Promise<void> {
  try {
    await dangerouslyDeleteByTag([...tags]);
  } catch (error) {
    log.warn("cdn.purge_failed", { tags, ...errorFields(error) });
  }
}
