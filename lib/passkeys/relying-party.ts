import "server-only";
import { publicOrigin } from "@/lib/server/public-url";

// The WebAuthn relying party is the app's public address (api.md):
// NEXT_PUBLIC_APP_URL's host, or on Vercel the project's production address,
// never a request header (lib/server/public-url.ts). A passkey is bound to
// this host: it works on no other site, which is what makes it unphishable.

export const RP_NAME = "Vitrine";

export interface RelyingParty {
  rpID: string;
  origin: string;
}

export function relyingParty(): RelyingParty {
  const url = new URL(publicOrigin());
  return { rpID: url.hostname, origin: url.origin };
}
