"use client";

import { useState } from "react";
import { MailCheck } from "lucide-react";
import { FormField, FormSubmit, TextInput, fieldAria } from "@/components/auth/form-field";
import { buttonVariants } from "@/components/ui/styles";
import { ApiError, api } from "@/lib/client/api";
import { textOf, useServerForm } from "@/lib/client/use-server-form";
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
  // The server validates with the shared schema (app/api/auth/forgot-password/route.ts).
  const { errors, form } = useServerForm({
    fields: ["email"] as const,
    send: async (data) => {
      setFailure(null);
      setRefused(null);
      const email = textOf(data, "email");
      await api("/api/auth/forgot-password", { body: { email } });
      setSentTo(email);
    },
    onFailure: (error) => setFailure(error instanceof ApiError ? error.message : s.requestFailed),
  });
  const emailError = errors.email ?? refused?.email;

  if (sentTo !== null) {
    return (
      <StatusMessage icon={<MailCheck aria-hidden="true" />} title={s.forgotSentTitle} text={sentTo ? s.forgotSentText(sentTo) : s.forgotSentTextNoAddress}>
        <a href="/login" className={buttonVariants({ variant: "outline", className: "w-full" })}>
          {s.backToLogin}
        </a>
      </StatusMessage>
    );
  }

  return (
    // Without JavaScript its <noscript> button posts the form to app/api/auth/forgot-password/route.ts.
    <form {...form} noValidate className="grid gap-5">
      <FormField id="forgot-email" label={strings.auth.email} error={emailError}>
        <TextInput
          name="email"
          {...fieldAria("forgot-email", emailError)}
          defaultValue={flash?.values?.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={strings.auth.emailPlaceholder}
        />
      </FormField>
      {failure ? (
        <p role="status" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      ) : null}
      <FormSubmit busyLabel={s.forgotSubmitting} postTo="/api/auth/forgot-password">
        {s.forgotSubmit}
      </FormSubmit>
      <p className="text-center text-sm">
        <a href="/login" className="font-semibold text-primary underline-offset-4 hover:underline">
          {s.backToLogin}
        </a>
      </p>
    </form>
  );
}
