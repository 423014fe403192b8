// GET /api/stats — owner; views and clicks of the last 30 days (São Paulo days), oldest first.
import { route } from "@/lib/server/http";
import { ownerStats } from "@/lib/stats/stats-queries";

export const GET = route({
  auth: "user",
  handler: async ({ session }) => ownerStats(session.user.id),
});
