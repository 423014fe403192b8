import { ApiError } from "@/lib/client/api";
import { PasskeyCeremonyError } from "@/lib/passkeys/passkey-client";
import { loginStrings } from "@/lib/strings/login";

const l = loginStrings;

/** The pt-BR message of a ceremony that did not end in a session. */
export function passkeyFailureText(error: unknown, existsText?: string): string {
  if (error instanceof PasskeyCeremonyError) {
    if (error.reason === "exists" && existsText) return existsText;
    return error.reason === "unsupported" ? l.passkeyUnsupported : l.passkeyCancelled;
  }
  return error instanceof ApiError ? error.message : l.passkeyFailed;
}
