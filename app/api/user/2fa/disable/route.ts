// POST /api/user/2fa/disable — signed in; {password?, code} turns two-factor sign-in off.
import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/server/request";
import { disableTwoFactor } from "@/lib/two-factor/two-factor-mutations";
import { disableTwoFactorSchema } from "@/lib/two-factor/two-factor-schemas";

export const POST = route({
  auth: "user",
  body: disableTwoFactorSchema,
  handler: async ({ req, session, body }) => {
    await disableTwoFactor(session.user.id, body, clientIp(req));
    return { ok: true };
  },
});
