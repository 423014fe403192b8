"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { ApiError, api } from "@/lib/client/api";
import type { FormFlash } from "@/lib/server/form-post";
import { securityStrings } from "@/lib/strings/security";
import { authStrings } from "@/lib/strings/auth";
import { secondStepSchema, type SecondStepInput } from "@/lib/two-factor/two-factor-schemas";
import { FormField, fieldAria } from "./form-field";

const strings = { security: securityStrings, auth: authStrings };

const s = strings.security;

/** The second sign-in step (after the password or Google): a code from the app, or a recovery code. */
export function TwoFactorStep({
  callbackUrl,
  onBack,
  flash = null,
}: {
  callbackUrl: string;
  onBack: () => void;
  /** This form sent with JavaScript off and refused: its message. */
  flash?: FormFlash | null;
}) {
  const router = useRouter();
  const [recovery, setRecovery] = useState(false);
  const [refusal, setRefusal] = useState(flash);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SecondStepInput>({ resolver: zodResolver(secondStepSchema), defaultValues: { code: "" } });

  const onSubmit = handleSubmit(async ({ code }) => {
    setRefusal(null);
    try {
      await api("/api/login/2fa", { body: { code } });
      toast({ title: strings.auth.welcomeTitle, description: strings.auth.welcomeText });
      router.replace(callbackUrl);
      router.refresh();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : s.secondStepFailed;
      setError("code", { type: "server", message }, { shouldFocus: true });
    }
  });

  const switchMode = () => {
    setRecovery((r) => !r);
    reset({ code: "" });
    setTimeout(() => setFocus("code"), 0);
  };

  const id = "second-step-code";
  const error = errors.code?.message ?? (refusal ? (refusal.errors?.code ?? refusal.message) : undefined);
  return (
    // Without JavaScript the browser posts the form itself: app/api/login/2fa/route.ts.
    <form method="post" action="/api/login/2fa" onSubmit={onSubmit} noValidate className="grid gap-5">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <FormField id={id} label={recovery ? s.recoveryLabel : s.codeLabel} error={error} hint={recovery ? s.secondStepRecoveryText : s.secondStepText}>
        {recovery ? (
          <Input key="recovery" {...register("code")} {...fieldAria(id, error, true)} autoComplete="off" autoCapitalize="none" spellCheck={false} placeholder="xxxxx-xxxxx" autoFocus />
        ) : (
          <Input
            key="totp"
            {...register("code")}
            {...fieldAria(id, error, true)}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            placeholder="000000"
            className="text-center font-mono text-lg tracking-[0.4em]"
            autoFocus
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? (
          <>
            <Loader2 className="animate-spin" aria-hidden="true" />
            {s.verifying}
          </>
        ) : (
          s.verify
        )}
      </Button>
      <div className="flex flex-col items-center gap-2 text-sm">
        <Button type="button" variant="link" onClick={switchMode}>
          {recovery ? s.useApp : s.useRecovery}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          {s.backToLogin}
        </Button>
      </div>
    </form>
  );
}
