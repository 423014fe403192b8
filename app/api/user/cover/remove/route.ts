// POST /api/user/cover/remove — signed in; clears coverUrl and coverAspectRatio and deletes the file.
import { z } from "zod";
import { route } from "@/lib/server/http";
import { removeCover } from "@/lib/settings/settings-mutations";

export const POST = route({
  auth: "user",
  body: z.object({}),
  handler: async ({ session }) => ({ user: await removeCover(session.user.id) }),
});
