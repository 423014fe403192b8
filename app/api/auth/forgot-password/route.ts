// POST /api/auth/forgot-password — public; always 200 {ok}: a reset link goes out only where an account has the address.
import { forgotPasswordSchema } from "@/lib/email/email-schemas";
import { requestPasswordReset } from "@/lib/email/recovery";
import { route } from "@/lib/server/http";
import { clientIp } from "@/lib/server/request";

export const POST = route({
  body: forgotPasswordSchema,
  handler: async ({ req, body }) => {
    await requestPasswordReset(body, clientIp(req));
    return { ok: true };
  },
});
