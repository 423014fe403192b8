// DELETE /api/admin/domains/:id — administrator; removes the domain (it stops serving at once), 404 when gone.
import { z } from "zod";
import { whenDomainsOn } from "@/lib/domains/domain-feature";
import { removeDomainRow } from "@/lib/domains/domain-mutations";
import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/api/route";

export const DELETE = whenDomainsOn(
  route({
    auth: "admin",
    params: z.object({ id: z.string().min(1).max(64) }),
    handler: async ({ params }) => {
      if (!(await removeDomainRow(params.id))) throw new AppError("not_found");
      return { ok: true };
    },
  }),
);
