// GET /api/domains/allowed?domain= — public; 200 when the domain is active, else 404 (Caddy's on_demand_tls `ask`).
import { customDomainTarget, whenDomainsOn } from "@/lib/domains/domain-feature";
import { isDomainAllowed } from "@/lib/domains/domain-queries";
import { allowedQuerySchema } from "@/lib/domains/domain-schemas";
import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/api/route";

export const GET = whenDomainsOn(
  route({
    handler: async ({ req }) => {
      customDomainTarget();
      const query = allowedQuerySchema.safeParse({ domain: new URL(req.url).searchParams.get("domain") ?? "" });
      if (!query.success || !(await isDomainAllowed(query.data.domain))) throw new AppError("not_found");
      return { ok: true };
    },
  }),
);
