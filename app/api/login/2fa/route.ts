// POST /api/login/2fa — public; the second sign-in step: {code} against the pending challenge cookie → {user} + session cookie.
import { json, route } from "@/lib/server/http";
import { clientIp } from "@/lib/server/request";
import { clearChallengeCookie, completeSecondStep } from "@/lib/two-factor/second-step";
import { secondStepSchema } from "@/lib/two-factor/two-factor-schemas";

export const POST = route({
  body: secondStepSchema,
  handler: async ({ req, body }) => {
    const { user, session } = await completeSecondStep(req, body.code, clientIp(req));
    const res = json({ user });
    res.headers.append("set-cookie", session.cookie);
    res.headers.append("set-cookie", clearChallengeCookie(req));
    return res;
  },
});
