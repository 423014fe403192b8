// GET /api/admin/domains — administrator; every page's custom domain [{id, domain, status, since, page:{id, username, name}}], newest first (404 where custom domains are off).
import { whenDomainsOn } from "@/lib/domains/domain-feature";
import { listDomainsForAdmin } from "@/lib/domains/domain-queries";
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const GET = whenDomainsOn(
  route({
    auth: "admin",
    handler: async () => json(await listDomainsForAdmin()),
  }),
);
