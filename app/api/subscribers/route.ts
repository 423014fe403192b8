// GET /api/subscribers?page=&status=pending|confirmed|unsubscribed&cursor= — editor; the page's subscribers, newest first, {items, nextCursor}.
import { listSubscribers } from "@/lib/audience/subscriber-queries";
import { subscriberListQuerySchema } from "@/lib/audience/subscribe-schemas";
import { route } from "@/lib/server/http";

export const GET = route({
  auth: "user",
  page: "subscribers.read",
  key: "subscribers:read",
  handler: async ({ req, page }) => {
    const q = new URL(req.url).searchParams;
    const query = subscriberListQuerySchema.parse({ status: q.get("status") || undefined, cursor: q.get("cursor") || undefined });
    return listSubscribers(page.id, query);
  },
});
