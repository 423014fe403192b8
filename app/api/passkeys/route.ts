// GET /api/passkeys — signed in; the account's passkeys [{id, name, createdAt, lastUsedAt}].
// POST /api/passkeys — signed in; {response, name}: the browser's answer to the options → 201 the passkey.
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";
import { addPasskey } from "@/lib/passkeys/passkey-registration";
import { listPasskeys } from "@/lib/passkeys/passkey-queries";
import { addPasskeySchema } from "@/lib/passkeys/passkey-schemas";

export const GET = route({
  auth: "user",
  handler: async ({ session }) => listPasskeys(session.user.id),
});

export const POST = route({
  auth: "user",
  body: addPasskeySchema,
  handler: async ({ body, session }) => json(await addPasskey(session.user.id, body), { status: 201 }),
});
