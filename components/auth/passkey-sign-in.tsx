"use client";

import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/use-toast";
import { passkeySignIn } from "@/lib/passkeys/passkey-client";
import { authStrings } from "@/lib/strings/auth";
import { loginStrings } from "@/lib/strings/login";
import { PasskeyButton } from "./passkey-button";
import { passkeyFailureText } from "./passkey-failure";

const strings = { auth: authStrings, login: loginStrings };

const a = strings.auth;
const l = strings.login;

/** 'Entrar com passkey' on the sign-in screen: no e-mail, no password, no code. */
export function PasskeySignIn({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  return (
    <PasskeyButton
      label={l.passkeySignIn}
      busyLabel={l.passkeySigningIn}
      run={async () => {
        try {
          // 'Lembrar de mim' counts for a passkey too.
          const remember = (document.getElementById("login-remember") as HTMLInputElement | null)?.checked ?? false;
          await passkeySignIn(remember);
          toast({ title: a.welcomeTitle, description: a.welcomeText });
          router.replace(callbackUrl);
          router.refresh();
        } catch (error) {
          toast({ variant: "destructive", title: l.passkeyFailedTitle, description: passkeyFailureText(error) });
        }
      }}
    />
  );
}
