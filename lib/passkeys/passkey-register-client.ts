// Adding a passkey in the security settings: the browser's side of the
// registration ceremony (the sign-in ceremonies are in passkey-client.ts).
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { api } from "@/lib/client/api";
import { PasskeyCeremonyError, passkeyLibrary } from "./passkey-client";

/** 'Adicionar passkey' in the security settings. */
export async function passkeyRegister(name: string): Promise<void> {
  const [optionsJSON, lib] = await Promise.all([api<PublicKeyCredentialCreationOptionsJSON>("/api/passkeys/options", { body: {} }), passkeyLibrary()]);
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
