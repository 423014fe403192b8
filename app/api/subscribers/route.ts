// GET /api/subscribers?page=&status=pending|confirmed|unsubscribed&cursor= — editor; the page's subscribers, newest first, {items, nextCursor}.
import { listSubscribers, subscriberPageSchema } from "@/lib/audience/subscriber-queries";
import { subscriberListQuerySchema } from "@/lib/audience/subscribe-schemas";
import { route } from "@/lib/api/route";
import { apiReferenceStrings } from "@/lib/strings/api-reference";

export const GET = route({
  auth: "user",
  page: "subscribers.read",
  api: { summary: apiReferenceStrings.ops.listSubscribers, query: subscriberListQuerySchema, response: subscriberPageSchema },
  handler: async ({ req, page }) => {
    const q = new URL(req.url).searchParams;
    const query = subscriberListQuerySchema.parse({ status: q.get("status") || undefined, cursor: q.get("cursor") || undefined });
    return listSubscribers(page.id, query);
  },
});
