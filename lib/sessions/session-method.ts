import type { SessionMethod } from "@/lib/server/session";
import { securityStrings } from "@/lib/strings/security";

const strings = { security: securityStrings };

// How a session signed in (Session.method), shown in the signed-in devices
// list. Sessions older than the fourth release have none.

export type { SessionMethod };

const labels: Record<SessionMethod, string> = {
  password: strings.security.methodPassword,
  "password+totp": strings.security.methodPasswordCode,
  "password+recovery": strings.security.methodPasswordRecovery,
  "password+passkey": strings.security.methodPasswordPasskey,
  passkey: strings.security.methodPasskey,
  google: strings.security.methodGoogle,
  "google+totp": strings.security.methodGoogleCode,
  "google+recovery": strings.security.methodGoogleRecovery,
  "google+passkey": strings.security.methodGooglePasskey,
};

export const SESSION_METHODS = Object.keys(labels) as SessionMethod[];

/** 'Senha e código', 'Passkey'...; null for a session that did not record it. */
export function sessionMethodLabel(method: string | null | undefined): string | null {
  return method && Object.hasOwn(labels, method) ? labels[method as SessionMethod] : null;
}
