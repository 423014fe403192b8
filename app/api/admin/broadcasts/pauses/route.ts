// GET /api/admin/broadcasts/pauses — administrator; the pages whose broadcasts are paused now (latest first, at most 200), each with its reason.
import { route } from "@/lib/api/route";
import { listPausedPages } from "@/lib/broadcasts/broadcast-pause";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "admin", handler: async () => listPausedPages() });
