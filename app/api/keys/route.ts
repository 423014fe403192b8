// GET /api/keys — signed in with a session (a key: 403); the account's API keys, without the keys themselves.
// POST /api/keys — signed in with a session, e-mail verified (else 403); {name, scopes, pages?} → 201 with the key, shown this once; the 11th key → 409.
import { createApiKey } from "@/lib/api-keys/api-key-mutations";
import { listApiKeys } from "@/lib/api-keys/api-key-queries";
import { createApiKeySchema } from "@/lib/api-keys/api-key-schemas";
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";

export const GET = route({
  auth: "user",
  handler: async ({ session }) => json(await listApiKeys(session.user.id)),
});

export const POST = route({
  auth: "user",
  body: createApiKeySchema,
  handler: async ({ session, body }) => json(await createApiKey(session, body), { status: 201 }),
});
