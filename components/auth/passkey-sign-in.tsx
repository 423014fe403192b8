"use client";

import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/client/api";
import { PasskeyCeremonyError, passkeySecondStep, passkeySignIn } from "@/lib/passkeys/passkey-client";
import { authStrings } from "@/lib/strings/auth";
import { PasskeyButton } from "./passkey-button";

const strings = { auth: authStrings };

const a = strings.auth;

/** The pt-BR message of a ceremony that did not end in a session. */
export function passkeyFailureText(error: unknown, existsText?: string): string {
  if (error instanceof PasskeyCeremonyError) {
    if (error.reason === "exists" && existsText) return existsText;
    return error.reason === "unsupported" ? a.passkeyUnsupported : a.passkeyCancelled;
  }
  return error instanceof ApiError ? error.message : a.passkeyFailed;
}

/** 'Entrar com passkey' on the sign-in screen: no e-mail, no password, no code. */
export function PasskeySignIn({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  return (
    <PasskeyButton
      label={a.passkeySignIn}
      busyLabel={a.passkeySigningIn}
      run={async () => {
        try {
          // 'Lembrar de mim' counts for a passkey too.
          const remember = (document.getElementById("login-remember") as HTMLInputElement | null)?.checked ?? false;
          await passkeySignIn(remember);
          toast({ title: a.welcomeTitle, description: a.welcomeText });
          router.replace(callbackUrl);
          router.refresh();
        } catch (error) {
          toast({ variant: "destructive", title: a.passkeyFailedTitle, description: passkeyFailureText(error) });
        }
      }}
    />
  );
}

/** 'Usar passkey' beside the code field: a passkey of the account in place of the code. */
export function PasskeySecondStep({
  callbackUrl,
  label,
  busyLabel,
  onFailure,
}: {
  callbackUrl: string;
  label: string;
  busyLabel: string;
  onFailure: (message: string) => void;
}) {
  const router = useRouter();
  return (
    <PasskeyButton
      label={label}
      busyLabel={busyLabel}
      run={async () => {
        try {
          await passkeySecondStep();
          toast({ title: a.welcomeTitle, description: a.welcomeText });
          router.replace(callbackUrl);
          router.refresh();
        } catch (error) {
          onFailure(passkeyFailureText(error));
        }
      }}
    />
  );
}
