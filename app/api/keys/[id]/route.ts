// DELETE /api/keys/{id} — signed in with a session (a key: 403); the key refused at once on every instance.
import { deleteApiKey } from "@/lib/api-keys/api-key-mutations";
import { apiKeyIdParams } from "@/lib/api-keys/api-key-schemas";
import { route } from "@/lib/api/route";

export const DELETE = route({
  auth: "user",
  params: apiKeyIdParams,
  handler: async ({ session, params }) => {
    await deleteApiKey(session.user.id, params.id);
    return { ok: true };
  },
});
