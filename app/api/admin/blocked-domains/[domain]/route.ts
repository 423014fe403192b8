// DELETE /api/admin/blocked-domains/:domain — administrator; unblocks it (audited), 404 when not listed.
import { unblockDomain } from "@/lib/moderation/domain-mutations";
import { blockedDomainParams } from "@/lib/moderation/moderation-schemas";
import { route } from "@/lib/api/route";

export const DELETE = route({
  auth: "admin",
  params: blockedDomainParams,
  handler: async ({ session, params }) => {
    await unblockDomain(session.user, params.domain);
    return { ok: true };
  },
});
