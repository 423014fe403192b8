// POST /api/login/2fa/passkey — public; {response}: a passkey of the pending sign-in's account in place of the code → {user} + session cookie.
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/server/request";
import { completeSecondStepWithPasskey } from "@/lib/passkeys/passkey-second-step";
import { passkeySecondStepSchema } from "@/lib/passkeys/passkey-schemas";
import { clearChallengeCookie } from "@/lib/two-factor/second-step";

export const POST = route({
  body: passkeySecondStepSchema,
  handler: async ({ req, body }) => {
    const { user, session } = await completeSecondStepWithPasskey(req, body.response, clientIp(req));
    const res = json({ user });
    res.headers.append("set-cookie", session.cookie);
    res.headers.append("set-cookie", clearChallengeCookie(req));
    return res;
  },
});
