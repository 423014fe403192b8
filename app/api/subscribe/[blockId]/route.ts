// POST /api/subscribe/:blockId — public; a sign-up (JSON from the page's script, or the page's own form without JavaScript).
// The same answer for a new, pending or confirmed address: 200 {ok:true}, or as a form a 303 to /{username}?inscricao=ok#b-{blockId}.
// A refused form goes back to /{username}?inscricao={blockId}&erro=1 with the messages and what was typed (lib/server/form-post.ts).
import { findSignUpBlock } from "@/lib/audience/subscribe-block";
import { closedForm, signUp } from "@/lib/audience/subscribe-mutations";
import { honeypotFilled, honeypotSchema } from "@/lib/audience/subscribe-schemas";
import { route } from "@/lib/api/route";
import { isFormPost } from "@/lib/server/form-post";
import { clientIp } from "@/lib/server/request";

type Context = { params: Promise<{ blockId: string }> };

export async function POST(req: Request, context: Context): Promise<Response> {
  const { blockId } = await context.params;
  // Read first, so that a refused form knows its page.
  const block = await findSignUpBlock(blockId);
  const back = block ? `/${block.username}?inscricao=${block.id}` : "/";
  return route({
    // Also on the page's own domain (api.md, Custom domains).
    customDomain: true,
    body: honeypotSchema,
    maxBodyBytes: 16 * 1024,
    form: {
      page: () => back,
      booleans: ["consent"],
      next: () => (block ? `/${block.username}?inscricao=ok#b-${block.id}` : "/"),
    },
    handler: async ({ req, body }) => {
      if (!block) throw closedForm();
      // A filled honeypot: the answer of a success, nothing stored.
      if (honeypotFilled(body)) return { ok: true };
      await signUp(block, body, { clientIp: clientIp(req), proofRequired: !isFormPost(req) });
      return { ok: true };
    },
  })(req, context);
}
