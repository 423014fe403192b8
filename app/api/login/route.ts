// POST /api/login — public; e-mail (as `username`) and password, 200 {user} + cookie.
// Also /login's own <form method="post"> (JavaScript off): 303 to the callback
// (or to the code step), or back to /login with the messages.
import { loginSchema } from "@/lib/accounts/account-schemas";
import { signInWithPassword } from "@/lib/sign-in/sign-in-mutations";
import { signedInResponse } from "@/lib/sign-in/signed-in-response";
import { loginPath, safeCallbackPath } from "@/lib/auth/routes";
import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/server/request";

export const POST = route({
  body: loginSchema,
  form: {
    page: (fields) => loginPath(safeCallbackPath(fields.callbackUrl)),
    booleans: ["remember"],
    secrets: ["password"],
    next: async (answer, fields) => {
      const target = safeCallbackPath(fields.callbackUrl);
      const result = (await answer.clone().json()) as { twoFactorRequired?: boolean };
      return result.twoFactorRequired ? loginPath(target, true) : target;
    },
  },
  handler: async ({ req, body }) => signedInResponse(await signInWithPassword(body, clientIp(req), req)),
});
