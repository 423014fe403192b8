// POST /api/login — public; e-mail (as `username`) and password, 200 {user} + cookie.
import { loginSchema } from "@/lib/accounts/account-schemas";
import { signInWithPassword } from "@/lib/accounts/account-mutations";
import { signedInResponse } from "@/lib/accounts/signed-in-response";
import { route } from "@/lib/server/http";
import { clientIp } from "@/lib/server/request";

export const POST = route({
  body: loginSchema,
  handler: async ({ req, body }) => signedInResponse(await signInWithPassword(body, clientIp(req), req)),
});
