import "server-only";
import { subscribeKind } from "@/lib/blocks/kinds/subscribe";
import { isInWindow } from "@/lib/links/link-schedule";
import { db } from "@/lib/server/db";
import { subscribeSettingsSchema, type SubscribeSettings } from "@/lib/blocks/kinds/subscribe/subscribe-settings";

// The block a sign-up goes through: it must exist, be a subscribe block,
// active, inside its schedule, on an active page. Anything else is "closed".

export interface SignUpBlock {
  id: string;
  title: string;
  pageId: string;
  pageName: string;
  username: string;
  settings: SubscribeSettings;
}

const BLOCK_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The block as the sign-up reads it, or null when it takes no sign-ups now. */
export async function findSignUpBlock(blockId: string, now: Date = new Date()): Promise<SignUpBlock | null> {
  if (!BLOCK_ID.test(blockId)) return null;
  // One plain query (a flood asks it for every sign-up).
  const [block] = await db.$queryRaw<
    {
      id: string;
      kind: string;
      title: string;
      active: boolean;
      startsAt: Date | null;
      endsAt: Date | null;
      data: unknown;
      pageId: string;
      pageName: string;
      username: string;
      pageActive: boolean;
    }[]
  >`
    SELECT l."id", l."kind", l."title", l."active", l."startsAt", l."endsAt", l."data", p."id" AS "pageId", p."name" AS "pageName", p."username", p."active" AS "pageActive"
    FROM "Link" l JOIN "Page" p ON p."id" = l."pageId" WHERE l."id" = ${blockId}`;
  if (!block || block.kind !== subscribeKind.name || !block.active || !block.pageActive || !isInWindow(block, now.getTime())) return null;
  const settings = subscribeSettingsSchema.safeParse(block.data ?? {});
  return {
    id: block.id,
    title: block.title,
    pageId: block.pageId,
    pageName: block.pageName,
    username: block.username,
    settings: settings.success ? settings.data : subscribeSettingsSchema.parse({}),
  };
}
