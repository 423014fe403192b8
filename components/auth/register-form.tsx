"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { Controller, useForm } from "react-hook-form";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import type { RegisterFormValues } from "@/lib/accounts/account-schemas";
import { maskPhoneInput } from "@/lib/accounts/phone";
import { normalizeUsernameInput } from "@/lib/accounts/username";
import { lazyZodResolver } from "@/lib/client/lazy-resolver";
import { api, applyFieldErrors } from "@/lib/client/api";
import { authStrings } from "@/lib/strings/auth";
import { OrDivider } from "./auth-card";
import { FormField, PrefixedInput, fieldAria } from "./form-field";
import { GoogleButton } from "./google-button-lazy";
import { PasswordInput } from "./password-input";

const strings = { auth: authStrings };

const FIELDS = ["name", "username", "phone", "email", "password"] as const;

export function RegisterForm({
  hostPrefix,
  initialUsername,
  googleClientId,
}: {
  hostPrefix: string;
  initialUsername: string;
  googleClientId?: string;
}) {
  const router = useRouter();
  const a = strings.auth;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues>({
    resolver: lazyZodResolver(() => import("@/lib/accounts/account-schemas").then((m) => m.registerFormSchema)),
    defaultValues: {
      name: "",
      username: initialUsername,
      phone: "",
      email: "",
      password: "",
      passwordConfirmation: "",
      terms: false,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const { name, username, phone, email, password } = values;
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

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <FormField id="reg-name" label={a.name} error={errors.name?.message}>
          <Input
            {...masked("name", (v) => v.slice(0, 30))}
            {...fieldAria("reg-name", errors.name?.message)}
            autoComplete="name"
            placeholder={a.namePlaceholder}
            maxLength={30}
          />
        </FormField>
        <FormField id="reg-username" label={a.username} error={errors.username?.message}>
          <PrefixedInput
            prefix={hostPrefix}
            {...masked("username", normalizeUsernameInput)}
            {...fieldAria("reg-username", errors.username?.message)}
            autoCapitalize="none"
            autoComplete="username"
            spellCheck={false}
            maxLength={20}
          />
        </FormField>
        <FormField id="reg-phone" label={a.phone} error={errors.phone?.message}>
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
                {...fieldAria("reg-phone", errors.phone?.message)}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder={a.phonePlaceholder}
                maxLength={15}
              />
            )}
          />
        </FormField>
        <FormField id="reg-email" label={a.email} error={errors.email?.message}>
          <Input
            {...masked("email", (v) => noSpaces(v).toLowerCase())}
            {...fieldAria("reg-email", errors.email?.message)}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={a.emailPlaceholder}
          />
        </FormField>
        <FormField id="reg-password" label={a.password} error={errors.password?.message}>
          <PasswordInput
            {...masked("password", noSpaces)}
            {...fieldAria("reg-password", errors.password?.message)}
            autoComplete="new-password"
          />
        </FormField>
        <FormField id="reg-password-confirmation" label={a.passwordConfirmation} error={errors.passwordConfirmation?.message}>
          <PasswordInput
            {...masked("passwordConfirmation", noSpaces)}
            {...fieldAria("reg-password-confirmation", errors.passwordConfirmation?.message)}
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
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  aria-invalid={errors.terms ? true : undefined}
                  aria-describedby={errors.terms ? "reg-terms-error" : undefined}
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
          {errors.terms ? (
            <p id="reg-terms-error" className="text-sm font-medium text-destructive">
              {errors.terms.message}
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
