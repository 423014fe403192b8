// GET /api/username-check/:username — public; { available }, 400 for a name that breaks the rule.
import { z } from "zod";
import { isUsernameAvailable } from "@/lib/accounts/username-queries";
import { usernameSchema } from "@/lib/accounts/username-schema";
import { route } from "@/lib/api/route";
import { LIMITS, enforce } from "@/lib/server/rate-limit";
import { clientIp } from "@/lib/server/request";

export const dynamic = "force-dynamic";

export const GET = route({
  params: z.object({ username: usernameSchema }),
  handler: async ({ req, params }) => {
    await enforce(`username-check:ip:${clientIp(req)}`, LIMITS.usernameChecksPerIp);
    return { available: await isUsernameAvailable(params.username) };
  },
});
