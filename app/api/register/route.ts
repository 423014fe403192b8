// POST /api/register — public; creates the account and signs it in (201 {user} + cookie).
// Also /register's <form method="post"> (JavaScript off): 303 to the dashboard, or back with the messages.
import { registerFormSchema, registerRequestSchema } from "@/lib/accounts/account-schemas";
import { registerUser } from "@/lib/sign-in/sign-in-mutations";
import { signedInResponse } from "@/lib/sign-in/signed-in-response";
import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/server/request";

export const POST = route({
  body: registerRequestSchema,
  form: {
    page: () => "/register",
    check: registerFormSchema,
    booleans: ["terms"],
    secrets: ["password", "passwordConfirmation"],
    next: () => "/dashboard",
  },
  handler: async ({ req, body }) => signedInResponse(await registerUser(body, clientIp(req), req), 201),
});
