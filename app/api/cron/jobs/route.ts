// GET /api/cron/jobs — the platform's scheduler (Bearer CRON_SECRET): runs what is due for ~10 s at most.
import { runDueJobs } from "@/lib/startup/app-jobs";
import { authoriseCron } from "@/lib/server/bearer";
import { route } from "@/lib/api/route";

// Never cached or prerendered: every call does the work of its moment.
export const dynamic = "force-dynamic";
// The run stops starting batches at ~9 s; this leaves room for the last one.
export const maxDuration = 60;

export const GET = route({
  handler: async ({ req }) => {
    authoriseCron(req);
    const jobs = await runDueJobs();
    return { ok: true, jobs };
  },
});
