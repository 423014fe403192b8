// POST /api/auth/verify-email/resend — signed in; a new verification link (the last stops working).
import { resendVerification } from "@/lib/email/verification";
import { route } from "@/lib/api/route";

export const POST = route({
  auth: "user",
  handler: async ({ session }) => {
    await resendVerification(session.user.id);
    return { ok: true };
  },
});
