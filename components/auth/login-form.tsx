"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import type { LoginFormValues } from "@/lib/accounts/account-schemas";
import type { FormFlash } from "@/lib/server/form-post";
import { lazyZodResolver } from "@/lib/client/lazy-resolver";
import { ApiError, api, applyFieldErrors } from "@/lib/client/api";
import { authStrings } from "@/lib/strings/auth";
import { FormRefusal } from "./form-refusal";
import { OrDivider } from "./auth-card";
import { FormField, fieldAria } from "./form-field";
import { GoogleButton } from "./google-button-lazy";
import { PasswordInput } from "./password-input";

const strings = { auth: authStrings };

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
  // Shown until the next submit (lib/server/form-post.ts).
  const [refusal, setRefusal] = useState(flash);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({
    resolver: lazyZodResolver(() => import("@/lib/accounts/account-schemas").then((m) => m.loginFormSchema)),
    defaultValues: { email: flash?.values?.email ?? "", password: "", remember: flash?.values?.remember !== undefined },
  });

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const result = await api<{ twoFactorRequired?: boolean }>("/api/login", {
        body: { username: values.email, password: values.password, remember: values.remember },
      });
      if (result.twoFactorRequired) return onTwoFactorRequired();
      toast({ title: a.welcomeTitle, description: a.welcomeText });
      router.replace(callbackUrl);
      router.refresh();
    } catch (error) {
      if (applyFieldErrors(error, setError, ["email", "password"] as const)) return;
      const status = error instanceof ApiError ? error.status : 0;
      toast({
        variant: "destructive",
        title: a.loginFailedTitle,
        description: status === 401 ? a.loginFailedText : error instanceof ApiError ? error.message : a.loginFailedTitle,
      });
    }
  });

  const email = register("email", {
    setValueAs: (v: string) => v.replace(/\s+/g, "").toLowerCase(),
  });

  return (
    <>
      {/* Without JavaScript (or before it starts) the browser posts the form itself: app/api/login/route.ts. */}
      <form method="post" action="/api/login" onSubmit={onSubmit} noValidate className="grid gap-5">
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        {refusal && !refusal.errors ? (
          <FormRefusal title={a.loginFailedTitle} text={refusal.status === 401 ? a.loginFailedText : refusal.message} />
        ) : null}
        <FormField id="login-email" label={a.email} error={errors.email?.message ?? refusal?.errors?.email}>
          <Input
            {...email}
            onChange={(e) => {
              e.target.value = e.target.value.replace(/\s+/g, "").toLowerCase();
              void email.onChange(e);
            }}
            {...fieldAria("login-email", errors.email?.message ?? refusal?.errors?.email)}
            // In the server's HTML too, for a page drawn without JavaScript.
            defaultValue={flash?.values?.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={a.emailPlaceholder}
          />
        </FormField>
        <FormField id="login-password" label={a.password} error={errors.password?.message ?? refusal?.errors?.password}>
          <PasswordInput
            {...register("password")}
            {...fieldAria("login-password", errors.password?.message ?? refusal?.errors?.password)}
            autoComplete="current-password"
          />
        </FormField>
        <div className="flex items-center justify-between gap-4">
          <div className="flex items-center gap-2">
            <Controller
              control={control}
              name="remember"
              render={({ field }) => (
                <Checkbox id="login-remember" name={field.name} checked={field.value} onCheckedChange={field.onChange} />
              )}
            />
            <Label htmlFor="login-remember" className="font-normal">
              {a.remember}
            </Label>
          </div>
          <Link href="/forgot-password" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {a.forgot}
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? (
            <>
              <Loader2 className="animate-spin" aria-hidden="true" />
              {a.submittingLogin}
            </>
          ) : (
            a.submitLogin
          )}
        </Button>
      </form>
      {googleClientId ? (
        <>
          <OrDivider label={a.or} />
          <GoogleButton clientId={googleClientId} callbackUrl={callbackUrl} onTwoFactorRequired={onTwoFactorRequired} />
        </>
      ) : null}
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {a.noAccount}{" "}
        <Link href="/register" className="font-semibold text-primary underline-offset-4 hover:underline">
          {a.signUpLink}
        </Link>
      </p>
    </>
  );
}
