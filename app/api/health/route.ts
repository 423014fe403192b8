// GET /api/health — public; 200 while the database answers, else 503.
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";
import { checkDatabase } from "@/lib/server/health";

export const dynamic = "force-dynamic";

export const GET = route({
  handler: async () => {
    const up = await checkDatabase();
    return json(up ? { ok: true, db: "up" } : { ok: false, db: "down" }, { status: up ? 200 : 503 });
  },
});
