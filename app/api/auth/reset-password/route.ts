// POST /api/auth/reset-password — public; {token, password, confirmPassword}: new password, every session revoked.
import { resetPasswordSchema } from "@/lib/email/email-schemas";
import { resetPassword } from "@/lib/email/recovery";
import { route } from "@/lib/server/http";

export const POST = route({
  body: resetPasswordSchema,
  handler: async ({ body }) => {
    await resetPassword(body);
    return { ok: true };
  },
});
