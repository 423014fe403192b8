// POST /api/login/2fa/passkey/options — public; request options for the pending sign-in's account (the challenge cookie), in place of the code.
import { route } from "@/lib/api/route";
import { secondStepPasskeyOptions } from "@/lib/passkeys/passkey-second-step";

export const POST = route({
  handler: async ({ req }) => secondStepPasskeyOptions(req),
});
