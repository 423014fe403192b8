// /api/subscribe/unsubscribe — public; every subscriber message's List-Unsubscribe address.
//  - GET ?token=… : the unsubscribe page with its button (opening it unsubscribes nothing: mail scanners open links);
//  - POST ?token=… : a mail client's one-click POST (RFC 8058, body List-Unsubscribe=One-Click, not read) → 200 {ok:true};
//  - POST {token} : the page's button (a form: 303 to /inscricao/cancelar?feito=1) or JSON → 200 {ok:true}.
// The address and the number are deleted at once. A used link → 200 {ok:true, message:"Você já saiu desta lista"}
// (a form: /inscricao/cancelar?saiu=1); a link that never existed → 400 "Link inválido" (a form: ?erro=1).
import { z } from "zod";
import { subscriberPage } from "@/lib/audience/subscriber-pages";
import { unsubscribe, type UnsubscribeOutcome } from "@/lib/audience/subscribe-mutations";
import { unsubscribeTokenSchema } from "@/lib/audience/subscribe-schemas";
import { pageRoute } from "@/lib/server/http";
import { route } from "@/lib/api/route";
import { audienceStrings } from "@/lib/strings/audience";

export const dynamic = "force-dynamic";

const answer = (outcome: UnsubscribeOutcome) => (outcome === "removed" ? { ok: true } : { ok: true, message: audienceStrings.alreadyOutTitle });

const oneClick = route({
  handler: async ({ req }) => answer(await unsubscribe(unsubscribeTokenSchema.parse(new URL(req.url).searchParams.get("token")))),
});

const button = route({
  body: z.object({ token: unsubscribeTokenSchema }),
  maxBodyBytes: 4 * 1024,
  form: {
    page: () => "/inscricao/cancelar",
    secrets: ["token"],
    next: async (res) => (((await res.clone().json()) as { message?: string }).message ? "/inscricao/cancelar?saiu=1" : "/inscricao/cancelar?feito=1"),
  },
  handler: async ({ body }) => answer(await unsubscribe(body.token)),
});

export function POST(req: Request): Promise<Response> {
  return new URL(req.url).searchParams.has("token") ? oneClick(req) : button(req);
}

export const GET = pageRoute((req: Request) => subscriberPage("unsubscribe", req));
