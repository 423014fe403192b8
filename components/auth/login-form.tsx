"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/use-toast";
import type { FormFlash } from "@/lib/server/form-post";
import { ApiError, api } from "@/lib/client/api";
import { textOf, useServerForm } from "@/lib/client/use-server-form";
import { authStrings } from "@/lib/strings/auth";
import { loginStrings } from "@/lib/strings/login";
import { FormRefusal } from "./form-refusal";
import { OrDivider } from "./auth-card";
import { FormField, FormSubmit, TextInput, fieldAria } from "./form-field";
import { GoogleButton } from "./google-button-lazy";
import { PasskeySignIn } from "./passkey-sign-in";
import { PasswordInput } from "./password-input";

const strings = { auth: authStrings, login: loginStrings };

export function LoginForm({
  callbackUrl,
  googleClientId,
  onTwoFactorRequired,
  flash = null,
}: {
  callbackUrl: string;
  googleClientId?: string;
  /** The password was right and the account asks for a code (two-factor sign-in). */
  onTwoFactorRequired: () => void;
  /** This form sent with JavaScript off and refused: its messages and e-mail. */
  flash?: FormFlash | null;
}) {
  const router = useRouter();
  const a = strings.auth;
  const l = strings.login;
  // Shown until the next submit (lib/server/form-post.ts).
  const [refusal, setRefusal] = useState(flash);
  const { errors, form } = useServerForm({
    fields: ["email", "password"] as const,
    // The server validates with the shared schema (app/api/login/route.ts): the
    // request leaves at the press, and its pt-BR messages go next to the fields.
    send: async (data) => {
      setRefusal(null);
      const result = await api<{ twoFactorRequired?: boolean }>("/api/login", {
        body: { username: textOf(data, "email"), password: textOf(data, "password"), remember: data.get("remember") === "on" },
      });
      if (result.twoFactorRequired) return onTwoFactorRequired();
      toast({ title: a.welcomeTitle, description: a.welcomeText });
      router.replace(callbackUrl);
      router.refresh();
    },
    onFailure: (error) => {
      const status = error instanceof ApiError ? error.status : 0;
      toast({
        variant: "destructive",
        title: l.loginFailedTitle,
        description: status === 401 ? l.loginFailedText : error instanceof ApiError ? error.message : l.loginFailedTitle,
      });
    },
  });
  const emailError = errors.email ?? refusal?.errors?.email;
  const passwordError = errors.password ?? refusal?.errors?.password;

  return (
    <>
      {/* Without JavaScript its <noscript> button posts the form to app/api/login/route.ts (lib/client/use-server-form.ts). */}
      <form {...form} noValidate className="grid gap-5">
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        {refusal && !refusal.errors ? <FormRefusal title={l.loginFailedTitle} text={refusal.status === 401 ? l.loginFailedText : refusal.message} /> : null}
        <FormField id="login-email" label={a.email} error={emailError}>
          <TextInput
            name="email"
            onChange={(e) => {
              e.target.value = e.target.value.replace(/\s+/g, "").toLowerCase();
            }}
            {...fieldAria("login-email", emailError)}
            // In the server's HTML too, for a page drawn without JavaScript.
            defaultValue={flash?.values?.email}
            type="email"
            inputMode="email"
            // The saved passkeys are offered among this field's suggestions (passkey-sign-in.tsx).
            autoComplete="username webauthn"
            placeholder={a.emailPlaceholder}
          />
        </FormField>
        <FormField id="login-password" label={a.password} error={passwordError}>
          <PasswordInput name="password" {...fieldAria("login-password", passwordError)} autoComplete="current-password" />
        </FormField>
        <div className="flex items-center justify-between gap-4">
          <div className="flex items-center gap-2">
            <input
              id="login-remember"
              name="remember"
              type="checkbox"
              defaultChecked={flash?.values?.remember !== undefined}
              className="size-4 shrink-0 rounded accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            />
            <label htmlFor="login-remember" className="text-sm leading-none">
              {l.remember}
            </label>
          </div>
          <a href="/forgot-password" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {l.forgot}
          </a>
        </div>
        <FormSubmit busyLabel={l.submittingLogin} postTo="/api/login">
          {a.submitLogin}
        </FormSubmit>
      </form>
      {/* Without JavaScript there is no passkey button; Google's draws itself with a script too. */}
      <div className={googleClientId ? undefined : "noscript:hidden"}>
        <OrDivider label={a.or} />
      </div>
      <div className="grid gap-3">
        <PasskeySignIn callbackUrl={callbackUrl} />
        {googleClientId ? <GoogleButton clientId={googleClientId} callbackUrl={callbackUrl} onTwoFactorRequired={onTwoFactorRequired} /> : null}
      </div>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {l.noAccount}{" "}
        <a href="/register" className="font-semibold text-primary underline-offset-4 hover:underline">
          {l.signUpLink}
        </a>
      </p>
    </>
  );
}
