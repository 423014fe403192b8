// POST /api/domains/verify?page= — owner; {domain}: active once its DNS records are right, else pending with problems (pt-BR).
import { verifyDomain } from "@/lib/domains/domain-mutations";
import { route } from "@/lib/api/route";
import { whenDomainsOn } from "@/lib/domains/domain-feature";

export const POST = whenDomainsOn(
  route({
    auth: "user",
    page: "domain.write",
    handler: async ({ page }) => ({ domain: await verifyDomain(page.id) }),
  }),
);
