// POST /api/login/2fa — public; the second sign-in step: {code} against the pending challenge cookie → {user} + session cookie.
// Also the code step's <form method="post"> (JavaScript off): 303 to the callback, or back with the message.
import { loginPath, safeCallbackPath } from "@/lib/auth/routes";
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/server/request";
import { clearChallengeCookie, completeSecondStep } from "@/lib/two-factor/second-step";
import { secondStepSchema } from "@/lib/two-factor/two-factor-schemas";

export const POST = route({
  body: secondStepSchema,
  form: {
    // Back to the code step, at the recovery code when that is what was refused.
    page: (fields) => loginPath(safeCallbackPath(fields.callbackUrl), true, fields.recuperacao === "1"),
    secrets: ["code"],
    next: (_answer, fields) => safeCallbackPath(fields.callbackUrl),
  },
  handler: async ({ req, body }) => {
    const { user, session } = await completeSecondStep(req, body.code, clientIp(req));
    const res = json({ user });
    res.headers.append("set-cookie", session.cookie);
    res.headers.append("set-cookie", clearChallengeCookie(req));
    return res;
  },
});
