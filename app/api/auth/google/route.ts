// POST /api/auth/google — public; Google's ID token (credential), 200 {user} + cookie.
import { z } from "zod";
import { signInWithGoogle } from "@/lib/accounts/account-mutations";
import { signedInResponse } from "@/lib/accounts/signed-in-response";
import { route } from "@/lib/server/http";
import { clientIp } from "@/lib/server/request";

export const POST = route({
  body: z.unknown(),
  handler: async ({ req, body }) => signedInResponse(await signInWithGoogle(body, clientIp(req), req)),
});
