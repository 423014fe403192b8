// GET /api/admin/blocked-domains — administrator; [{domain, createdAt}] newest first.
// POST /api/admin/blocked-domains — administrator; {domain} blocks it and its subdomains (201, audited).
import { blockDomain, listBlockedDomains } from "@/lib/moderation/domain-mutations";
import { blockedDomainInputSchema } from "@/lib/moderation/moderation-schemas";
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const GET = route({
  auth: "admin",
  handler: async () => json(await listBlockedDomains()),
});

export const POST = route({
  auth: "admin",
  body: blockedDomainInputSchema,
  handler: async ({ session, body }) => json(await blockDomain(session.user, body.domain), { status: 201 }),
});
