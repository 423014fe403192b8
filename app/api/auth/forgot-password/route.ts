// POST /api/auth/forgot-password — public; always 200 {ok}: a reset link goes out only where an account has the address.
// Also the page's <form method="post"> (JavaScript off): 303 to the "sent" screen, or back with the messages.
import { forgotPasswordSchema } from "@/lib/email/email-schemas";
import { requestPasswordReset } from "@/lib/email/recovery";
import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/server/request";

export const POST = route({
  body: forgotPasswordSchema,
  form: { page: () => "/forgot-password", next: () => "/forgot-password?enviado=1" },
  handler: async ({ req, body }) => {
    await requestPasswordReset(body, clientIp(req));
    return { ok: true };
  },
});
