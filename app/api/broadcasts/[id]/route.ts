// GET/PUT/DELETE /api/broadcasts/{id}?page= — owner or editor; PUT and DELETE only a draft or a scheduled broadcast (else 409); another page's: 404.
import { route } from "@/lib/api/route";
import { deleteBroadcast, updateBroadcast } from "@/lib/broadcasts/broadcast-mutations";
import { getBroadcast } from "@/lib/broadcasts/broadcast-queries";
import { broadcastIdParams, broadcastInputSchema } from "@/lib/broadcasts/broadcast-schemas";

export const GET = route({
  auth: "user",
  page: "broadcasts.write",
  params: broadcastIdParams,
  handler: async ({ page, params }) => getBroadcast(page.id, params.id),
});

export const PUT = route({
  auth: "user",
  page: "broadcasts.write",
  params: broadcastIdParams,
  body: broadcastInputSchema,
  handler: async ({ page, params, body }) => updateBroadcast(page.id, params.id, body),
});

export const DELETE = route({
  auth: "user",
  page: "broadcasts.write",
  params: broadcastIdParams,
  handler: async ({ page, params }) => {
    await deleteBroadcast(page.id, params.id);
    return { ok: true };
  },
});
