"use client";

import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/use-toast";
import { passkeySecondStep } from "@/lib/passkeys/passkey-client";
import { authStrings } from "@/lib/strings/auth";
import { PasskeyButton } from "./passkey-button";
import { passkeyFailureText } from "./passkey-failure";

const a = authStrings;

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
