// The browser's side of the passkey ceremonies. @simplewebauthn/browser is
// loaded only when a ceremony starts (import() at the press), in parallel
// with the options request, so the sign-in page's first script stays small
// and the request leaves at once.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { api } from "@/lib/client/api";

const library = () => import("@simplewebauthn/browser");

/** Loads the library ahead (pointer over, or focus on, a passkey button). */
export function preloadPasskeys(): void {
  void library().catch(() => {});
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
  const [optionsJSON, lib] = await Promise.all([
    api<PublicKeyCredentialRequestOptionsJSON>(optionsPath, { body: {} }),
    library(),
  ]);
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

/** 'Adicionar passkey' in the security settings. */
export async function passkeyRegister(name: string): Promise<void> {
  const [optionsJSON, lib] = await Promise.all([api<PublicKeyCredentialCreationOptionsJSON>("/api/passkeys/options", { body: {} }), library()]);
  if (!lib.browserSupportsWebAuthn()) throw new PasskeyCeremonyError("unsupported");
  let response;
  try {
    response = await lib.startRegistration({ optionsJSON });
  } catch (error) {
    // The authenticator already holds one of this account's passkeys (excludeCredentials).
    const code = (error as { code?: string }).code;
    throw new PasskeyCeremonyError(code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" ? "exists" : "cancelled");
  }
  await api("/api/passkeys", { body: { response, name } });
}
