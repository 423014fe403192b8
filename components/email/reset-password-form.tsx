"use client";

import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck } from "lucide-react";
import { FormField, fieldAria } from "@/components/auth/form-field";
import { PasswordInput } from "@/components/auth/password-input";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { ApiError, api, applyFieldErrors } from "@/lib/client/api";
import { resetPasswordFormSchema, type ResetPasswordFormValues } from "@/lib/email/email-schemas";
import type { FormFlash } from "@/lib/server/form-post";
import { emailStrings } from "@/lib/strings/email";
import { authStrings } from "@/lib/strings/auth";
import { InvalidLink } from "./invalid-link";
import { StatusMessage } from "./status-message";

const strings = { email: emailStrings, auth: authStrings };

const s = strings.email;

/** `done` and `flash`: the form was sent with JavaScript off (lib/server/form-post.ts). */
export function ResetPasswordForm({ token, done = false, flash = null }: { token: string; done?: boolean; flash?: FormFlash | null }) {
  // A refusal with no field named is a link already used or expired (400), or another failure.
  const [state, setState] = useState<"form" | "done" | "invalid">(
    done ? "done" : !token || (flash?.status === 400 && !flash.errors?.password && !flash.errors?.confirmPassword) ? "invalid" : "form",
  );
  const [failure, setFailure] = useState<string | null>(flash && flash.status !== 400 ? flash.message : null);
  const [refused, setRefused] = useState(flash?.errors ?? null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormValues>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: "", confirmPassword: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setRefused(null);
    try {
      await api("/api/auth/reset-password", { body: { token, ...values } });
      setState("done");
    } catch (error) {
      if (applyFieldErrors(error, setError, ["password", "confirmPassword"] as const)) return;
      if (error instanceof ApiError && error.status === 400) return setState("invalid");
      setFailure(error instanceof ApiError ? error.message : s.requestFailed);
    }
  });

  if (state === "invalid") return <InvalidLink text={s.invalidResetText} action={{ href: "/forgot-password", label: s.askNewLink }} />;
  if (state === "done") {
    return (
      <StatusMessage icon={<CircleCheck aria-hidden="true" />} title={s.resetDoneTitle} text={s.resetDoneText}>
        <Button asChild className="w-full">
          <Link href="/login">{strings.auth.submitLogin}</Link>
        </Button>
      </StatusMessage>
    );
  }
  return (
    // Without JavaScript the browser posts the form itself: app/api/auth/reset-password/route.ts.
    <form method="post" action="/api/auth/reset-password" onSubmit={onSubmit} noValidate className="grid gap-5">
      <input type="hidden" name="token" value={token} />
      <FormField id="reset-password" label={s.newPassword} error={errors.password?.message ?? refused?.password}>
        <PasswordInput {...register("password")} {...fieldAria("reset-password", errors.password?.message ?? refused?.password)} autoComplete="new-password" />
      </FormField>
      <FormField id="reset-confirm" label={s.confirmPassword} error={errors.confirmPassword?.message ?? refused?.confirmPassword}>
        <PasswordInput
          {...register("confirmPassword")}
          {...fieldAria("reset-confirm", errors.confirmPassword?.message ?? refused?.confirmPassword)}
          autoComplete="new-password"
        />
      </FormField>
      {failure ? (
        <p role="status" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      ) : null}
      <SubmitButton size="lg" busy={isSubmitting} busyLabel={s.resetSubmitting}>
        {s.resetSubmit}
      </SubmitButton>
    </form>
  );
}
