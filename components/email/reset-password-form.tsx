"use client";

import { useState } from "react";
import { CircleCheck } from "lucide-react";
import { FormField, FormSubmit, fieldAria } from "@/components/auth/form-field";
import { PasswordInput } from "@/components/auth/password-input";
import { buttonVariants } from "@/components/ui/styles";
import { ApiError, api } from "@/lib/client/api";
import { textOf, useServerForm } from "@/lib/client/use-server-form";
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
  // The server validates with the shared schema, the confirmation included
  // (app/api/auth/reset-password/route.ts).
  const { errors, form } = useServerForm({
    fields: ["password", "confirmPassword"] as const,
    send: async (data) => {
      setFailure(null);
      setRefused(null);
      await api("/api/auth/reset-password", { body: { token, password: textOf(data, "password"), confirmPassword: textOf(data, "confirmPassword") } });
      setState("done");
    },
    onFailure: (error) => {
      if (error instanceof ApiError && error.status === 400) return setState("invalid");
      setFailure(error instanceof ApiError ? error.message : s.requestFailed);
    },
  });
  const passwordError = errors.password ?? refused?.password;
  const confirmError = errors.confirmPassword ?? refused?.confirmPassword;

  if (state === "invalid") return <InvalidLink text={s.invalidResetText} action={{ href: "/forgot-password", label: s.askNewLink }} />;
  if (state === "done") {
    return (
      <StatusMessage icon={<CircleCheck aria-hidden="true" />} title={s.resetDoneTitle} text={s.resetDoneText}>
        <a href="/login" className={buttonVariants({ className: "w-full" })}>
          {strings.auth.submitLogin}
        </a>
      </StatusMessage>
    );
  }
  return (
    // Without JavaScript its <noscript> button posts the form to app/api/auth/reset-password/route.ts.
    <form {...form} noValidate className="grid gap-5">
      <input type="hidden" name="token" value={token} />
      <FormField id="reset-password" label={s.newPassword} error={passwordError}>
        <PasswordInput name="password" {...fieldAria("reset-password", passwordError)} autoComplete="new-password" />
      </FormField>
      <FormField id="reset-confirm" label={s.confirmPassword} error={confirmError}>
        <PasswordInput name="confirmPassword" {...fieldAria("reset-confirm", confirmError)} autoComplete="new-password" />
      </FormField>
      {failure ? (
        <p role="status" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      ) : null}
      <FormSubmit busyLabel={s.resetSubmitting} postTo="/api/auth/reset-password">
        {s.resetSubmit}
      </FormSubmit>
    </form>
  );
}
