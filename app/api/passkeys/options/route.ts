// POST /api/passkeys/options — signed in; creation options for a new passkey (a 5-minute, single-use challenge).
import { route } from "@/lib/api/route";
import { registrationOptions } from "@/lib/passkeys/passkey-registration";

export const POST = route({
  auth: "user",
  handler: async ({ session }) => registrationOptions(session.user.id),
});
