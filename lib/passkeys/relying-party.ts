import "server-only";
import { publicOrigin } from "@/lib/server/public-url";

// The WebAuthn relying party is NEXT_PUBLIC_APP_URL's host (api.md); without
// it, the origin the request came to, by the same rules as the public pages'
// addresses (lib/server/public-url.ts). A passkey is bound to this host: it
// works on no other site, which is what makes it unphishable.

export const RP_NAME = "Vitrine";

export interface RelyingParty {
  rpID: string;
  origin: string;
}

export function relyingParty(req: Request): RelyingParty {
  const url = new URL(publicOrigin(req.headers));
  return { rpID: url.hostname, origin: url.origin };
}
