// GET /api/admin/broadcasts — administrator; the latest 200 broadcasts across pages (drafts left out), newest first, with their figures and page.
import { route } from "@/lib/api/route";
import { listAllBroadcasts } from "@/lib/broadcasts/broadcast-queries";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "admin", handler: async () => listAllBroadcasts() });
