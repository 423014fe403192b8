// GET /metrics — operator; Prometheus text with `Authorization: Bearer METRICS_TOKEN` (404 when unset, 401 otherwise).
import { route } from "@/lib/api/route";
import { authoriseMetrics } from "@/lib/server/bearer";
import { metricsText } from "@/lib/server/metrics";

export const dynamic = "force-dynamic";

export const GET = route({
  handler: async ({ req }) => {
    authoriseMetrics(req);
    const { body, contentType } = await metricsText();
    return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
  },
});
