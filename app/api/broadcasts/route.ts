// GET /api/broadcasts?page= — owner or editor; the page's broadcasts, newest first, each with {recipients, sent, failed, unsubscribed, clicks}.
// POST /api/broadcasts?page= — owner or editor; {subject (1–120), body (1–20,000, Markdown), sendAt?} → 201 the draft.
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";
import { createBroadcast } from "@/lib/broadcasts/broadcast-mutations";
import { listBroadcasts } from "@/lib/broadcasts/broadcast-queries";
import { broadcastInputSchema } from "@/lib/broadcasts/broadcast-schemas";

export const GET = route({
  auth: "user",
  page: "broadcasts.write",
  handler: async ({ page }) => json(await listBroadcasts(page.id)),
});

export const POST = route({
  auth: "user",
  page: "broadcasts.write",
  body: broadcastInputSchema,
  handler: async ({ session, page, body }) => json(await createBroadcast(page.id, session.user.id, body), { status: 201 }),
});
