// Saved passkeys offered in the sign-in page's e-mail field (api.md, Fourth
// release put right): WebAuthn's conditional mediation. The e-mail input says
// `autocomplete="username webauthn"`; while a conditional request is pending,
// the browser lists the site's passkeys among that field's suggestions, and
// choosing one resolves it, with no button pressed.
//
// This module is loaded with the library (passkey-browser.ts) once the sign-in form is on screen
// (components/auth/passkey-sign-in.tsx), so neither it nor
// @simplewebauthn/browser is in the page's first script (its 125 KB budget).
// A press on 'Entrar com passkey' starts a ceremony of its own, which aborts
// this one (the library's WebAuthnAbortService); leaving the form cancels it.
import {
  WebAuthnAbortService,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { api } from "@/lib/client/api";

interface AutofillHandlers {
  /** 'Lembrar de mim' at the moment a passkey is chosen. */
  remember: () => boolean;
  onSignedIn: () => void;
  /** The server refused the chosen passkey (its pt-BR message is the error's). */
  onFailure: (error: unknown) => void;
}

/**
 * Arms the autofill where the browser supports it; returns what cancels it.
 * A ceremony that ends without a choice (aborted, or no passkey chosen) is
 * silent: the form is still there.
 */
export function offerPasskeyAutofill(handlers: AutofillHandlers): () => void {
  let live = true;
  /** This ceremony is the browser's current one (not ended, not replaced by a button's). */
  let pending = false;
  void (async () => {
    if (!(await browserSupportsWebAuthnAutofill())) return;
    let response: AuthenticationResponseJSON;
    try {
      const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>("/api/login/passkey/options", { body: {} });
      if (!live) return;
      pending = true;
      response = await startAuthentication({ optionsJSON, useBrowserAutofill: true });
    } catch {
      return;
    } finally {
      pending = false;
    }
    try {
      await api("/api/login/passkey", { body: { response, remember: handlers.remember() } });
      handlers.onSignedIn();
    } catch (error) {
      handlers.onFailure(error);
    }
  })();
  return () => {
    live = false;
    if (pending) WebAuthnAbortService.cancelCeremony();
  };
}
