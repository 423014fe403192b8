"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ArrowLeftIcon } from "@/components/ui/light-icons";
import { buttonVariants } from "@/components/ui/styles";
import { toast } from "@/components/ui/use-toast";
import { ApiError, api } from "@/lib/client/api";
import { textOf, useServerForm } from "@/lib/client/use-server-form";
import { loginPath } from "@/lib/auth/routes";
import type { FormFlash } from "@/lib/server/form-post";
import { securityStrings } from "@/lib/strings/security";
import { authStrings } from "@/lib/strings/auth";
import { FormField, FormSubmit, TextInput, fieldAria } from "./form-field";
import { PasskeySecondStep } from "./passkey-second-step";

const strings = { security: securityStrings, auth: authStrings };

const s = strings.security;

/**
 * The second sign-in step (after the password or Google): a code from the app,
 * or a recovery code. The server checks the code (app/api/login/2fa/route.ts);
 * the switch to a recovery code and 'Voltar ao login' are links, so they work
 * without JavaScript too.
 */
export function TwoFactorStep({
  callbackUrl,
  onBack,
  flash = null,
  recoveryFirst = false,
}: {
  callbackUrl: string;
  onBack: () => void;
  /** This form sent with JavaScript off and refused: its message. */
  flash?: FormFlash | null;
  /** Opened at the recovery code (the switch followed without JavaScript). */
  recoveryFirst?: boolean;
}) {
  const id = "second-step-code";
  const router = useRouter();
  const [recovery, setRecovery] = useState(recoveryFirst);
  const [refusal, setRefusal] = useState(flash);
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, form, clearErrors } = useServerForm({
    fields: ["code"] as const,
    send: async (data) => {
      setRefusal(null);
      setFailure(null);
      await api("/api/login/2fa", { body: { code: textOf(data, "code") } });
      toast({ title: strings.auth.welcomeTitle, description: strings.auth.welcomeText });
      router.replace(callbackUrl);
      router.refresh();
    },
    // A wrong or spent code is the step's refusal, not a field error: it goes on the field all the same.
    onFailure: (error) => {
      setFailure(error instanceof ApiError ? error.message : s.secondStepFailed);
      document.getElementById(id)?.focus();
    },
  });

  const switchMode = (event: React.MouseEvent) => {
    event.preventDefault();
    setRecovery((r) => !r);
    setRefusal(null);
    setFailure(null);
    clearErrors();
  };

  const error = errors.code ?? failure ?? (refusal ? (refusal.errors?.code ?? refusal.message) : undefined);
  return (
    // Without JavaScript its <noscript> button posts the form to app/api/login/2fa/route.ts (lib/client/use-server-form.ts).
    <form {...form} noValidate className="grid gap-5">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {recovery ? <input type="hidden" name="recuperacao" value="1" /> : null}
      <FormField id={id} label={recovery ? s.recoveryLabel : s.codeLabel} error={error} hint={recovery ? s.secondStepRecoveryText : s.secondStepText}>
        {recovery ? (
          <TextInput
            key="recovery"
            name="code"
            {...fieldAria(id, error, true)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="xxxxx-xxxxx"
            autoFocus
          />
        ) : (
          <TextInput
            key="totp"
            name="code"
            {...fieldAria(id, error, true)}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            placeholder="000000"
            className="text-center font-mono text-lg! tracking-[0.4em]"
            autoFocus
          />
        )}
      </FormField>
      <FormSubmit busyLabel={s.verifying} postTo="/api/login/2fa">
        {s.verify}
      </FormSubmit>
      {/* A passkey of the account in place of the code (app/api/login/2fa/passkey). */}
      <PasskeySecondStep
        callbackUrl={callbackUrl}
        label={s.usePasskey}
        busyLabel={s.usingPasskey}
        onFailure={(message) => {
          setRefusal(null);
          setFailure(message);
        }}
      />
      <div className="flex flex-col items-center gap-2 text-sm">
        <a href={loginPath(callbackUrl, true, !recovery)} onClick={switchMode} className={buttonVariants({ variant: "link" })}>
          {recovery ? s.useApp : s.useRecovery}
        </a>
        <a
          href={loginPath(callbackUrl)}
          onClick={(event) => {
            event.preventDefault();
            onBack();
          }}
          className={buttonVariants({ variant: "ghost", size: "sm" })}
        >
          <ArrowLeftIcon />
          {s.backToLogin}
        </a>
      </div>
    </form>
  );
}
