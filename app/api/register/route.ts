// POST /api/register — public; creates the account and signs it in (201 {user} + cookie).
// Also /register's <form method="post"> (JavaScript off): 303 to the dashboard, or back with the messages.
import { registerFormSchema, registerRequestSchema } from "@/lib/accounts/account-schemas";
import { registerUser } from "@/lib/accounts/account-mutations";
import { signedInResponse } from "@/lib/accounts/signed-in-response";
import { route } from "@/lib/server/http";
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
