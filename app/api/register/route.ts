// POST /api/register — public; creates the account and signs it in (201 {user} + cookie).
import { registerSchema } from "@/lib/accounts/account-schemas";
import { registerUser } from "@/lib/accounts/account-mutations";
import { signedInResponse } from "@/lib/accounts/signed-in-response";
import { route } from "@/lib/server/http";
import { clientIp } from "@/lib/server/request";

export const POST = route({
  body: registerSchema,
  handler: async ({ req, body }) => signedInResponse(await registerUser(body, clientIp(req), req), 201),
});
