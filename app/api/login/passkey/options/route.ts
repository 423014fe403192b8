// POST /api/login/passkey/options — public; request options for 'Entrar com passkey' (discoverable, user verification required).
import { route } from "@/lib/api/route";
import { clientIp } from "@/lib/server/request";
import { passkeyLoginOptions } from "@/lib/passkeys/passkey-login";

export const POST = route({
  handler: async ({ req }) => passkeyLoginOptions(clientIp(req)),
});
