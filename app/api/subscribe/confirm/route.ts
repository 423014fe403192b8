// POST /api/subscribe/confirm — public; {token} (the confirmation page's button, a form, or JSON) confirms a sign-up once.
// As a form: a 303 to /inscricao/confirmar?feito=1; a link no longer valid goes back to /inscricao/confirmar?erro=1.
import { z } from "zod";
import { confirmSubscription } from "@/lib/audience/subscribe-mutations";
import { linkTokenSchema } from "@/lib/audience/subscribe-schemas";
import { route } from "@/lib/api/route";

export const POST = route({
  body: z.object({ token: linkTokenSchema }),
  maxBodyBytes: 4 * 1024,
  form: { page: () => "/inscricao/confirmar", secrets: ["token"], next: () => "/inscricao/confirmar?feito=1" },
  handler: async ({ body }) => {
    await confirmSubscription(body.token);
    return { ok: true };
  },
});
