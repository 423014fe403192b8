// POST /api/subscribe/unsubscribe — public; the address and the number are deleted at once.
//  - ?token=… : a mail client's one-click POST (RFC 8058: the List-Unsubscribe address, body
//    List-Unsubscribe=One-Click, not read) → 200 {ok:true};
//  - {token} : the unsubscribe page's button (a form: 303 to /inscricao/cancelar?feito=1) or JSON → 200 {ok:true}.
import { z } from "zod";
import { unsubscribe } from "@/lib/audience/subscribe-mutations";
import { linkTokenSchema } from "@/lib/audience/subscribe-schemas";
import { route } from "@/lib/server/http";

const oneClick = route({
  handler: async ({ req }) => {
    await unsubscribe(linkTokenSchema.parse(new URL(req.url).searchParams.get("token")));
    return { ok: true };
  },
});

const button = route({
  body: z.object({ token: linkTokenSchema }),
  maxBodyBytes: 4 * 1024,
  form: { page: () => "/inscricao/cancelar", secrets: ["token"], next: () => "/inscricao/cancelar?feito=1" },
  handler: async ({ body }) => {
    await unsubscribe(body.token);
    return { ok: true };
  },
});

export function POST(req: Request): Promise<Response> {
  return new URL(req.url).searchParams.has("token") ? oneClick(req) : button(req);
}
