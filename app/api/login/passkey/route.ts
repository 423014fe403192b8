// POST /api/login/passkey — public; {response, remember?}: a passkey's answer → 200 {user} + session cookie (no code asked).
import { signedInResponse } from "@/lib/sign-in/signed-in-response";
import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/server/request";
import { signInWithPasskey } from "@/lib/passkeys/passkey-login";
import { passkeySignInSchema } from "@/lib/passkeys/passkey-schemas";

export const POST = route({
  body: passkeySignInSchema,
  handler: async ({ req, body }) => signedInResponse(await signInWithPasskey(body, clientIp(req), req)),
});
