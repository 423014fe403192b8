// GET /inscricao/cancelar?token= — public; every subscriber message's unsubscribe page: its button (a POST) deletes the address at once.
import { subscriberPage } from "@/lib/audience/subscriber-pages";
import { pageRoute } from "@/lib/server/http";

export const dynamic = "force-dynamic";

export const GET = pageRoute((req: Request) => subscriberPage("unsubscribe", req));
