"use client";

import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { FormField, fieldAria } from "@/components/auth/form-field";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Input } from "@/components/ui/input";
import { ApiError, api, applyFieldErrors } from "@/lib/client/api";
import { forgotPasswordSchema, type ForgotPasswordInput } from "@/lib/email/email-schemas";
import { emailStrings } from "@/lib/strings/email";
import { authStrings } from "@/lib/strings/auth";
import { StatusMessage } from "./status-message";

const strings = { email: emailStrings, auth: authStrings };

const s = strings.email;

export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await api("/api/auth/forgot-password", { body: values });
      setSentTo(values.email);
    } catch (error) {
      if (applyFieldErrors(error, setError, ["email"] as const)) return;
      setFailure(error instanceof ApiError ? error.message : s.requestFailed);
    }
  });

  if (sentTo) {
    return (
      <StatusMessage icon={<MailCheck aria-hidden="true" />} title={s.forgotSentTitle} text={s.forgotSentText(sentTo)}>
        <Button asChild variant="outline" className="w-full">
          <Link href="/login">{s.backToLogin}</Link>
        </Button>
      </StatusMessage>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormField id="forgot-email" label={strings.auth.email} error={errors.email?.message}>
        <Input {...register("email")} {...fieldAria("forgot-email", errors.email?.message)} type="email" inputMode="email" autoComplete="email" placeholder={strings.auth.emailPlaceholder} />
      </FormField>
      {failure ? (
        <p role="status" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      ) : null}
      <SubmitButton size="lg" busy={isSubmitting} busyLabel={s.forgotSubmitting}>
        {s.forgotSubmit}
      </SubmitButton>
      <p className="text-center text-sm">
        <Link href="/login" className="font-semibold text-primary underline-offset-4 hover:underline">
          {s.backToLogin}
        </Link>
      </p>
    </form>
  );
}
