import "server-only";
import { db } from "@/lib/server/db";
import { isBot } from "@/lib/stats/bots";
import { BROADCAST_LINK_PREFIX } from "./broadcast-sending";

// A broadcast body's link, opened from the message: /{username}/bl_… (the
// page's short-link address, app/[username]/[linkId]) counts the click on
// the broadcast's link (its `clicks`) and redirects. A bot (a mail scanner
// following every link) is redirected without being counted.

export const isBroadcastLinkId = (id: string) => id.startsWith(BROADCAST_LINK_PREFIX) && id.length <= 64;

/** The link's address once its click is counted, or null when it is not this page's (404). */
export async function followBroadcastLink(req: Request, username: string, id: string): Promise<string | null> {
  const where = { id, broadcast: { page: { username, active: true } } };
  const link = await db.broadcastLink.findFirst({ where, select: { url: true } });
  if (!link) return null;
  if (!isBot(req.headers.get("user-agent"))) await db.broadcastLink.update({ where: { id }, data: { clicks: { increment: 1 } } });
  return link.url;
}
