"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { toast } from "@/components/ui/use-toast";
import { whenLoadedAndIdle } from "@/lib/client/after-load";
import { passkeyLibrary, passkeySignIn } from "@/lib/passkeys/passkey-client";
import { authStrings } from "@/lib/strings/auth";
import { loginStrings } from "@/lib/strings/login";
import { PasskeyButton } from "./passkey-button";
import { passkeyFailureText } from "./passkey-failure";

const strings = { auth: authStrings, login: loginStrings };

const a = strings.auth;
const l = strings.login;

/** 'Lembrar de mim' counts for a passkey too. */
const remembered = () => (document.getElementById("login-remember") as HTMLInputElement | null)?.checked ?? false;

/**
 * 'Entrar com passkey' on the sign-in screen: no e-mail, no password, no
 * code. Once on screen, it also offers the saved passkeys in the e-mail
 * field's autofill (lib/passkeys/passkey-autofill.ts, loaded with the library).
 */
export function PasskeySignIn({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  const signedIn = () => {
    toast({ title: a.welcomeTitle, description: a.welcomeText });
    router.replace(callbackUrl);
    router.refresh();
  };
  const failed = (error: unknown) => toast({ variant: "destructive", title: l.passkeyFailedTitle, description: passkeyFailureText(error) });
  useEffect(() => {
    // false once the form is gone: the autofill is then never armed.
    // The library and its challenge wait for the page's load and first idle moment: no one picks a passkey before.
    let cancel: (() => void) | false | undefined;
    const notYet = whenLoadedAndIdle(() => {
      passkeyLibrary().then(
        ({ offerPasskeyAutofill }) => {
          if (cancel !== false) cancel = offerPasskeyAutofill({ remember: remembered, onSignedIn: signedIn, onFailure: failed });
        },
        () => {},
      );
    });
    return () => {
      notYet();
      if (cancel) cancel();
      cancel = false;
    };
    // Armed once per sign-in form; the handlers read the router and the checkbox when a passkey is chosen.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- armed once per form, as said above
  }, []);
  return (
    <PasskeyButton
      label={l.passkeySignIn}
      busyLabel={l.passkeySigningIn}
      run={async () => {
        try {
          await passkeySignIn(remembered());
          signedIn();
        } catch (error) {
          failed(error);
        }
      }}
    />
  );
}
