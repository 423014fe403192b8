// GET /api/profiles/:username — public; the page's public fields and active links, 404 when missing.
// A flagged page's links only with ?continuar=1 (lib/profile/profile-answer.ts).
import { z } from "zod";
import { asksToContinue, profileAnswer } from "@/lib/profile/profile-answer";
import { publicProfile } from "@/lib/profile/public-page";
import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/api/route";

export const GET = route({
  params: z.object({ username: z.string().max(64) }),
  handler: async ({ req, params }) => {
    const profile = await publicProfile(params.username);
    if (!profile) throw new AppError("not_found", { message: "Perfil não encontrado" });
    return profileAnswer(profile, asksToContinue(req.url));
  },
});
