// GET /inscricao/confirmar?token= — public; the confirmation e-mail's page: opening it confirms nothing, its button (a POST) does.
import { subscriberPage } from "@/lib/audience/subscriber-pages";
import { pageRoute } from "@/lib/server/http";

export const dynamic = "force-dynamic";

export const GET = pageRoute((req: Request) => subscriberPage("confirm", req));
