// GET /api/admin/stats — administrator; the platform's figures and a 30-day series.
import { getAdminStats } from "@/lib/admin/admin-stats";
import { route } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const GET = route({
  auth: "admin",
  handler: async () => getAdminStats(),
});
