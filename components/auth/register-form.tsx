"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/use-toast";
import type { RegisterFormValues } from "@/lib/accounts/account-schemas";
import type { FormFlash } from "@/lib/server/form-post";
import { maskPhoneInput } from "@/lib/accounts/phone-input";
import { normalizeUsernameInput } from "@/lib/accounts/username";
import { api } from "@/lib/client/api";
import { textOf, useServerForm } from "@/lib/client/use-server-form";
import { authStrings } from "@/lib/strings/auth";
import { registerStrings } from "@/lib/strings/register";
import { OrDivider } from "./auth-card";
import { FormRefusal } from "./form-refusal";
import { FormField, FormSubmit, PrefixedInput, TextInput, fieldAria } from "./form-field";
import { GoogleButton } from "./google-button-lazy";
import { PasswordInput } from "./password-input";

const strings = { auth: authStrings, register: registerStrings };

const FIELDS = ["name", "username", "phone", "email", "password", "passwordConfirmation", "terms"] as const;

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
  const r = strings.register;
  // Shown until the next submit (lib/server/form-post.ts).
  const [refusal, setRefusal] = useState(flash);
  const refused = (name: keyof RegisterFormValues) => refusal?.errors?.[name];
  const kept = flash?.values ?? {};
  const failed = () => toast({ variant: "destructive", title: r.registerFailedTitle, description: r.registerFailedText });
  // The server validates every field with the shared schema, the confirmation
  // and the terms included (app/api/register/route.ts): one answer, every message.
  const { errors, form } = useServerForm({
    fields: FIELDS,
    send: async (data) => {
      setRefusal(null);
      const [name, username, phone, email, password, passwordConfirmation] = ["name", "username", "phone", "email", "password", "passwordConfirmation"].map(
        (f) => textOf(data, f),
      );
      await api("/api/register", { body: { name, username, phone, email, password, passwordConfirmation, terms: data.get("terms") === "on" } });
      toast({ title: r.registeredTitle, description: r.registeredText });
      router.replace("/dashboard");
      router.refresh();
    },
    onFailure: () => failed(),
    onFieldErrors: () => failed(),
  });
  const error = (name: keyof RegisterFormValues) => errors[name] ?? refused(name);

  /** The field's value rewritten as the person types (uncontrolled: what was typed before the script started stays). */
  const masked = (mask: (v: string) => string) => ({
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const next = mask(e.target.value);
      if (next !== e.target.value) e.target.value = next;
    },
  });
  const noSpaces = (v: string) => v.replace(/\s+/g, "");
  const termsError = error("terms");

  return (
    <>
      {/* Without JavaScript its <noscript> button posts the form to app/api/register/route.ts (lib/client/use-server-form.ts). */}
      <form {...form} noValidate className="grid gap-5">
        {refusal ? <FormRefusal title={r.registerFailedTitle} text={r.registerFailedText} /> : null}
        <FormField id="reg-name" label={r.name} error={error("name")}>
          <TextInput
            name="name"
            {...masked((v) => v.slice(0, 30))}
            {...fieldAria("reg-name", error("name"))}
            // In the server's HTML too, for a page drawn without JavaScript.
            defaultValue={kept.name}
            autoComplete="name"
            placeholder={r.namePlaceholder}
            maxLength={30}
          />
        </FormField>
        <FormField id="reg-username" label={r.username} error={error("username")}>
          <PrefixedInput
            prefix={hostPrefix}
            name="username"
            {...masked(normalizeUsernameInput)}
            {...fieldAria("reg-username", error("username"))}
            defaultValue={kept.username ?? initialUsername}
            autoCapitalize="none"
            autoComplete="username"
            spellCheck={false}
            maxLength={20}
          />
        </FormField>
        <FormField id="reg-phone" label={a.phone} error={error("phone")}>
          <PrefixedInput
            prefix="+55"
            name="phone"
            {...masked(maskPhoneInput)}
            {...fieldAria("reg-phone", error("phone"))}
            defaultValue={kept.phone}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder={r.phonePlaceholder}
            maxLength={15}
          />
        </FormField>
        <FormField id="reg-email" label={a.email} error={error("email")}>
          <TextInput
            name="email"
            {...masked((v) => noSpaces(v).toLowerCase())}
            {...fieldAria("reg-email", error("email"))}
            defaultValue={kept.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={a.emailPlaceholder}
          />
        </FormField>
        <FormField id="reg-password" label={a.password} error={error("password")}>
          <PasswordInput name="password" {...masked(noSpaces)} {...fieldAria("reg-password", error("password"))} autoComplete="new-password" />
        </FormField>
        <FormField id="reg-password-confirmation" label={r.passwordConfirmation} error={error("passwordConfirmation")}>
          <PasswordInput
            name="passwordConfirmation"
            {...masked(noSpaces)}
            {...fieldAria("reg-password-confirmation", error("passwordConfirmation"))}
            autoComplete="new-password"
          />
        </FormField>
        <div className="grid gap-2">
          <div className="flex items-start gap-3">
            <input
              id="reg-terms"
              name="terms"
              type="checkbox"
              defaultChecked={kept.terms !== undefined}
              aria-invalid={termsError ? true : undefined}
              aria-describedby={termsError ? "reg-terms-error" : undefined}
              className="mt-0.5 size-4 shrink-0 rounded accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            />
            <label htmlFor="reg-terms" className="text-sm leading-snug text-muted-foreground">
              {r.termsPrefix}{" "}
              <a href="#terms" className="font-medium text-primary underline underline-offset-4">
                {r.terms}
              </a>{" "}
              {r.termsAnd}{" "}
              <a href="#privacy" className="font-medium text-primary underline underline-offset-4">
                {r.privacy}
              </a>
            </label>
          </div>
          {termsError ? (
            <p id="reg-terms-error" className="text-sm font-medium text-destructive">
              {termsError}
            </p>
          ) : null}
        </div>
        <FormSubmit busyLabel={r.submittingRegister} postTo="/api/register">
          {r.submitRegister}
        </FormSubmit>
      </form>
      {googleClientId ? (
        <>
          <OrDivider label={a.or} />
          <GoogleButton clientId={googleClientId} />
        </>
      ) : null}
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {r.haveAccount}{" "}
        <a href="/login" className="font-semibold text-primary underline-offset-4 hover:underline">
          {r.signInLink}
        </a>
      </p>
    </>
  );
}
