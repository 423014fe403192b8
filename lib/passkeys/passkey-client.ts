// The browser's side of the passkey ceremonies. @simplewebauthn/browser is
// loaded only when a ceremony starts (import() at the press), in parallel
// with the options request, so the sign-in page's first script stays small
// and the request leaves at once. Adding a passkey (the settings only) is in
// passkey-register-client.ts: the sign-in page's script does not carry it.
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { api } from "@/lib/client/api";

/** The library (and the sign-in field's autofill), loaded once (also by passkey-register-client.ts). */
export const passkeyLibrary = () => import("./passkey-browser");

/** Loads the library ahead (pointer over, or focus on, a passkey button). */
export function preloadPasskeys(): void {
  void passkeyLibrary().catch(() => {});
}

/** Why a ceremony stopped in the browser, for the pt-BR message. */
export type CeremonyFailure = "cancelled" | "unsupported" | "exists";

export class PasskeyCeremonyError extends Error {
  constructor(readonly reason: CeremonyFailure) {
    super(reason);
    this.name = "PasskeyCeremonyError";
  }
}

async function sign(optionsPath: string): Promise<AuthenticationResponseJSON> {
  const [optionsJSON, lib] = await Promise.all([api<PublicKeyCredentialRequestOptionsJSON>(optionsPath, { body: {} }), passkeyLibrary()]);
  if (!lib.browserSupportsWebAuthn()) throw new PasskeyCeremonyError("unsupported");
  try {
    return await lib.startAuthentication({ optionsJSON });
  } catch {
    // NotAllowedError (cancelled, timed out, no passkey here) and the like.
    throw new PasskeyCeremonyError("cancelled");
  }
}

/** 'Entrar com passkey': options, the device's prompt, then the session. */
export async function passkeySignIn(remember: boolean): Promise<void> {
  const response = await sign("/api/login/passkey/options");
  await api("/api/login/passkey", { body: { response, remember } });
}

/** 'Usar passkey' in place of the code, after the password. */
export async function passkeySecondStep(): Promise<void> {
  const response = await sign("/api/login/2fa/passkey/options");
  await api("/api/login/2fa/passkey", { body: { response } });
}
