// POST /api/user/2fa/setup — signed in; a new pending TOTP secret {secret, otpauthUrl}.
import { route } from "@/lib/api/route";
import { setupTwoFactor } from "@/lib/two-factor/two-factor-mutations";

export const POST = route({
  auth: "user",
  handler: async ({ session }) => setupTwoFactor(session.user.id),
});
