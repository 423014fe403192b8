// POST /api/auth/google — public; Google's ID token (credential), 200 {user} + cookie.
import { z } from "zod";
import { signInWithGoogle } from "@/lib/sign-in/sign-in-mutations";
import { signedInResponse } from "@/lib/sign-in/signed-in-response";
import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/server/request";

export const POST = route({
  body: z.unknown(),
  handler: async ({ req, body }) => signedInResponse(await signInWithGoogle(body, clientIp(req), req)),
});
