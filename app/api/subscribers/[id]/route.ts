// DELETE /api/subscribers/:id?page= — owner (an editor: 403); the subscriber's record, gone (404 when not the page's).
import { z } from "zod";
import { deleteSubscriber } from "@/lib/audience/subscribe-mutations";
import { route } from "@/lib/api/route";

export const DELETE = route({
  auth: "user",
  page: "subscribers.delete",
  params: z.object({ id: z.string().min(1).max(64) }),
  handler: async ({ page, params }) => {
    await deleteSubscriber(page.id, params.id);
    return { ok: true };
  },
});
