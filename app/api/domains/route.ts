// GET /api/domains?page= — editor; the page's own domain, {domain} or {domain: null}.
// POST /api/domains?page= {domain} — owner; 201, pending until verified.
// DELETE /api/domains?page= — owner; stops serving at once on every instance.
// Every one 404 where CUSTOM_DOMAIN_TARGET is unset (api.md, Custom domains).
import { customDomainTarget, whenDomainsOn } from "@/lib/domains/domain-feature";
import { addDomain, removeDomain } from "@/lib/domains/domain-mutations";
import { pageDomain } from "@/lib/domains/domain-queries";
import { addDomainSchema } from "@/lib/domains/domain-schemas";
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";

export const GET = whenDomainsOn(
  route({
    auth: "user",
    page: "domain.read",
    handler: async ({ page }) => {
      customDomainTarget();
      return { domain: await pageDomain(page.id) };
    },
  }),
);

export const POST = whenDomainsOn(
  route({
    auth: "user",
    page: "domain.write",
    body: addDomainSchema,
    handler: async ({ page, body }) => json(await addDomain(page.id, body), { status: 201 }),
  }),
);

export const DELETE = whenDomainsOn(
  route({
    auth: "user",
    page: "domain.write",
    handler: async ({ page }) => {
      await removeDomain(page.id);
      return { ok: true };
    },
  }),
);
