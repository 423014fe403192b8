"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import type { RegisterFormValues } from "@/lib/accounts/account-schemas";
import type { FormFlash } from "@/lib/server/form-post";
import { maskPhoneInput } from "@/lib/accounts/phone";
import { normalizeUsernameInput } from "@/lib/accounts/username";
import { lazyZodResolver } from "@/lib/client/lazy-resolver";
import { api, applyFieldErrors } from "@/lib/client/api";
import { authStrings } from "@/lib/strings/auth";
import { OrDivider } from "./auth-card";
import { FormRefusal } from "./form-refusal";
import { FormField, PrefixedInput, fieldAria } from "./form-field";
import { GoogleButton } from "./google-button-lazy";
import { PasswordInput } from "./password-input";

const strings = { auth: authStrings };

const FIELDS = ["name", "username", "phone", "email", "password"] as const;

export function RegisterForm({
  hostPrefix,
  initialUsername,
  googleClientId,
  flash = null,
}: {
  hostPrefix: string;
  initialUsername: string;
  googleClientId?: string;
  /** This form sent with JavaScript off and refused: its messages and values (no password). */
  flash?: FormFlash | null;
}) {
  const router = useRouter();
  const a = strings.auth;
  // Shown until the next submit (lib/server/form-post.ts).
  const [refusal, setRefusal] = useState(flash);
  const refused = (name: keyof RegisterFormValues) => refusal?.errors?.[name];
  const kept = flash?.values ?? {};
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues>({
    resolver: lazyZodResolver(() => import("@/lib/accounts/account-schemas").then((m) => m.registerFormSchema)),
    defaultValues: {
      name: kept.name ?? "",
      username: kept.username ?? initialUsername,
      phone: kept.phone ?? "",
      email: kept.email ?? "",
      password: "",
      passwordConfirmation: "",
      terms: kept.terms !== undefined,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const { name, username, phone, email, password } = values;
    setRefusal(null);
    try {
      await api("/api/register", { body: { name, username, phone, email, password } });
      toast({ title: a.registeredTitle, description: a.registeredText });
      router.replace("/dashboard");
      router.refresh();
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
      toast({ variant: "destructive", title: a.registerFailedTitle, description: a.registerFailedText });
    }
  });

  /** A registered field whose value is rewritten as the person types. */
  const masked = (name: "name" | "username" | "email" | "password" | "passwordConfirmation", mask: (v: string) => string) => {
    const field = register(name);
    return {
      ...field,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
        e.target.value = mask(e.target.value);
        return field.onChange(e);
      },
    };
  };
  const noSpaces = (v: string) => v.replace(/\s+/g, "");
  const termsError = errors.terms?.message ?? refused("terms");

  return (
    <>
      {/* Without JavaScript (or before it starts) the browser posts the form itself: app/api/register/route.ts. */}
      <form method="post" action="/api/register" onSubmit={onSubmit} noValidate className="grid gap-5">
        {refusal ? <FormRefusal title={a.registerFailedTitle} text={a.registerFailedText} /> : null}
        <FormField id="reg-name" label={a.name} error={errors.name?.message ?? refused("name")}>
          <Input
            {...masked("name", (v) => v.slice(0, 30))}
            {...fieldAria("reg-name", errors.name?.message ?? refused("name"))}
            // In the server's HTML too, for a page drawn without JavaScript.
            defaultValue={kept.name}
            autoComplete="name"
            placeholder={a.namePlaceholder}
            maxLength={30}
          />
        </FormField>
        <FormField id="reg-username" label={a.username} error={errors.username?.message ?? refused("username")}>
          <PrefixedInput
            prefix={hostPrefix}
            {...masked("username", normalizeUsernameInput)}
            {...fieldAria("reg-username", errors.username?.message ?? refused("username"))}
            defaultValue={kept.username ?? initialUsername}
            autoCapitalize="none"
            autoComplete="username"
            spellCheck={false}
            maxLength={20}
          />
        </FormField>
        <FormField id="reg-phone" label={a.phone} error={errors.phone?.message ?? refused("phone")}>
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <PrefixedInput
                prefix="+55"
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(maskPhoneInput(e.target.value))}
                {...fieldAria("reg-phone", errors.phone?.message ?? refused("phone"))}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder={a.phonePlaceholder}
                maxLength={15}
              />
            )}
          />
        </FormField>
        <FormField id="reg-email" label={a.email} error={errors.email?.message ?? refused("email")}>
          <Input
            {...masked("email", (v) => noSpaces(v).toLowerCase())}
            {...fieldAria("reg-email", errors.email?.message ?? refused("email"))}
            defaultValue={kept.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={a.emailPlaceholder}
          />
        </FormField>
        <FormField id="reg-password" label={a.password} error={errors.password?.message ?? refused("password")}>
          <PasswordInput
            {...masked("password", noSpaces)}
            {...fieldAria("reg-password", errors.password?.message ?? refused("password"))}
            autoComplete="new-password"
          />
        </FormField>
        <FormField id="reg-password-confirmation" label={a.passwordConfirmation} error={errors.passwordConfirmation?.message ?? refused("passwordConfirmation")}>
          <PasswordInput
            {...masked("passwordConfirmation", noSpaces)}
            {...fieldAria("reg-password-confirmation", errors.passwordConfirmation?.message ?? refused("passwordConfirmation"))}
            autoComplete="new-password"
          />
        </FormField>
        <div className="grid gap-2">
          <div className="flex items-start gap-3">
            <Controller
              control={control}
              name="terms"
              render={({ field }) => (
                <Checkbox
                  id="reg-terms"
                  className="mt-0.5"
                  name={field.name}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  aria-invalid={termsError ? true : undefined}
                  aria-describedby={termsError ? "reg-terms-error" : undefined}
                />
              )}
            />
            <label htmlFor="reg-terms" className="text-sm leading-snug text-muted-foreground">
              {a.termsPrefix}{" "}
              <a href="#terms" className="font-medium text-primary underline underline-offset-4">
                {a.terms}
              </a>{" "}
              {a.termsAnd}{" "}
              <a href="#privacy" className="font-medium text-primary underline underline-offset-4">
                {a.privacy}
              </a>
            </label>
          </div>
          {termsError ? (
            <p id="reg-terms-error" className="text-sm font-medium text-destructive">
              {termsError}
            </p>
          ) : null}
        </div>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? (
            <>
              <Loader2 className="animate-spin" aria-hidden="true" />
              {a.submittingRegister}
            </>
          ) : (
            a.submitRegister
          )}
        </Button>
      </form>
      {googleClientId ? (
        <>
          <OrDivider label={a.or} />
          <GoogleButton clientId={googleClientId} />
        </>
      ) : null}
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {a.haveAccount}{" "}
        <Link href="/login" className="font-semibold text-primary underline-offset-4 hover:underline">
          {a.signInLink}
        </Link>
      </p>
    </>
  );
}
