// POST /api/auth/reset-password — public; {token, password, confirmPassword}: new password, every session revoked.
// Also the page's <form method="post"> (JavaScript off): 303 to the "done" screen, or back to the link with the messages.
import { resetPasswordSchema } from "@/lib/email/email-schemas";
import { resetPassword } from "@/lib/email/recovery";
import { route } from "@/lib/api/route";

export const POST = route({
  body: resetPasswordSchema,
  form: {
    // Back to the e-mail's own link (the token was in its address already).
    page: (fields) => `/reset-password?token=${encodeURIComponent(fields.token ?? "")}`,
    secrets: ["token", "password", "confirmPassword"],
    next: () => "/reset-password?concluido=1",
  },
  handler: async ({ body }) => {
    await resetPassword(body);
    return { ok: true };
  },
});
