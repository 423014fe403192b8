// POST /api/auth/verify-email — public; {token} from the link proves the address (or moves the account to a new one).
import { tokenSchema } from "@/lib/email/email-schemas";
import { verifyEmail } from "@/lib/email/verification";
import { route } from "@/lib/api/route";

export const POST = route({
  body: tokenSchema,
  handler: async ({ body }) => {
    await verifyEmail(body.token);
    return { ok: true };
  },
});
