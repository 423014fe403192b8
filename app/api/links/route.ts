// GET /api/links — owner; the caller's links in order.
// POST /api/links — owner; a new link appended after the last one (201).
// PUT /api/links — owner; the other reading of reorder: [{id, order}].
import { listLinks } from "@/lib/links/link-queries";
import { createLink, reorderLinks } from "@/lib/links/link-mutations";
import { linkInputSchema, reorderArraySchema } from "@/lib/links/link-schemas";
import { json, route } from "@/lib/server/http";

export const GET = route({
  auth: "user",
  handler: async ({ session }) => json(await listLinks(session.user.id)),
});

export const POST = route({
  auth: "user",
  body: linkInputSchema,
  handler: async ({ session, body }) => json(await createLink(session.user.id, body), { status: 201 }),
});

export const PUT = route({
  auth: "user",
  body: reorderArraySchema,
  handler: async ({ session, body }) => {
    await reorderLinks(session.user.id, body);
    return { ok: true };
  },
});
