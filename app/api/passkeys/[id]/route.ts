// PATCH /api/passkeys/:id — signed in; {name} renames one of the caller's passkeys (404 for anyone else's).
// DELETE /api/passkeys/:id — signed in; {password?} removes it (the password where the account has one).
import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/server/request";
import { removePasskey, renamePasskey } from "@/lib/passkeys/passkey-mutations";
import { passkeyIdSchema, removePasskeySchema, renamePasskeySchema } from "@/lib/passkeys/passkey-schemas";

export const PATCH = route({
  auth: "user",
  params: passkeyIdSchema,
  body: renamePasskeySchema,
  handler: async ({ session, params, body }) => renamePasskey(session.user.id, params.id, body),
});

export const DELETE = route({
  auth: "user",
  params: passkeyIdSchema,
  body: removePasskeySchema,
  handler: async ({ req, session, params, body }) => {
    await removePasskey(session.user.id, params.id, body, clientIp(req));
    return { ok: true };
  },
});
