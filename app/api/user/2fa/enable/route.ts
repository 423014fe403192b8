// POST /api/user/2fa/enable — signed in; {code} of the pending secret → the ten recovery codes, once.
import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/server/request";
import { enableTwoFactor } from "@/lib/two-factor/two-factor-mutations";
import { enableTwoFactorSchema } from "@/lib/two-factor/two-factor-schemas";

export const POST = route({
  auth: "user",
  body: enableTwoFactorSchema,
  handler: async ({ req, session, body }) => enableTwoFactor(session.user.id, body.code, clientIp(req)),
});
