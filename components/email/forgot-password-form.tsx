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
import type { FormFlash } from "@/lib/server/form-post";
import { emailStrings } from "@/lib/strings/email";
import { authStrings } from "@/lib/strings/auth";
import { StatusMessage } from "./status-message";

const strings = { email: emailStrings, auth: authStrings };

const s = strings.email;

/** `sent` and `flash`: the form was sent with JavaScript off (lib/server/form-post.ts). */
export function ForgotPasswordForm({ sent = false, flash = null }: { sent?: boolean; flash?: FormFlash | null }) {
  const [sentTo, setSentTo] = useState<string | null>(sent ? "" : null);
  const [failure, setFailure] = useState<string | null>(flash && !flash.errors ? flash.message : null);
  const [refused, setRefused] = useState(flash?.errors ?? null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: flash?.values?.email ?? "" } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setRefused(null);
    try {
      await api("/api/auth/forgot-password", { body: values });
      setSentTo(values.email);
    } catch (error) {
      if (applyFieldErrors(error, setError, ["email"] as const)) return;
      setFailure(error instanceof ApiError ? error.message : s.requestFailed);
    }
  });

  if (sentTo !== null) {
    return (
      <StatusMessage icon={<MailCheck aria-hidden="true" />} title={s.forgotSentTitle} text={sentTo ? s.forgotSentText(sentTo) : s.forgotSentTextNoAddress}>
        <Button asChild variant="outline" className="w-full">
          <Link href="/login">{s.backToLogin}</Link>
        </Button>
      </StatusMessage>
    );
  }

  return (
    // Without JavaScript the browser posts the form itself: app/api/auth/forgot-password/route.ts.
    <form method="post" action="/api/auth/forgot-password" onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormField id="forgot-email" label={strings.auth.email} error={errors.email?.message ?? refused?.email}>
        <Input {...register("email")} {...fieldAria("forgot-email", errors.email?.message ?? refused?.email)} defaultValue={flash?.values?.email} type="email" inputMode="email" autoComplete="email" placeholder={strings.auth.emailPlaceholder} />
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
