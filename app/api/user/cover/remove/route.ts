// POST /api/user/cover/remove?page= — editor; clears the page's coverUrl and coverAspectRatio and deletes the file.
import { z } from "zod";
import { route } from "@/lib/api/route";
import { removeCover } from "@/lib/settings/settings-mutations";

export const POST = route({
  auth: "user",
  page: "profile.write",
  body: z.object({}),
  handler: async ({ session, page }) => ({ user: await removeCover(page.id, session.user.id) }),
});
