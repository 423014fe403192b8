"use client";

import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { lazyResolver } from "@/lib/client/lazy-resolver";
import { Info } from "lucide-react";
import { FormField, fieldAria } from "@/components/auth/form-field";
import { PasswordInput } from "@/components/auth/password-input";
import { SubmitButton } from "@/components/ui/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { api, applyFieldErrors } from "@/lib/client/api";
import { useRefreshCurrentUser } from "@/lib/client/use-refresh-current-user";
import type { PasswordFormValues } from "@/lib/settings/settings-schemas";
import { settingsStrings } from "@/lib/strings/settings";

const strings = { settings: settingsStrings };

const s = strings.settings;
const EMPTY: PasswordFormValues = { currentPassword: "", newPassword: "", confirmPassword: "" };
const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

/**
 * Current, new and confirmation. An account without a password (linked
 * through Google) sets its first one: no current password is asked.
 */
export function PasswordForm({ hasPassword: initialHasPassword }: { hasPassword: boolean }) {
  const [hasPassword, setHasPassword] = useState(initialHasPassword);
  const refreshUser = useRefreshCurrentUser();
  const checks = useMemo(() => lazyResolver(() => import("@/lib/settings/settings-resolvers").then((m) => m.passwordResolver(hasPassword))), [hasPassword]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordFormValues>({ resolver: checks.resolver, defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    const { currentPassword, newPassword, confirmPassword } = values;
    try {
      await api("/api/user/password", {
        method: "PUT",
        body: hasPassword ? { currentPassword, newPassword, confirmPassword } : { newPassword, confirmPassword },
      });
      reset(EMPTY);
      toast({ title: s.passwordSuccess });
      if (!hasPassword) {
        setHasPassword(true);
        await refreshUser();
      }
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
      toast({ variant: "destructive", title: s.errorTitle, description: s.passwordFailed });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{s.passwordSection}</CardTitle>
        <CardDescription>{s.passwordSectionHint}</CardDescription>
      </CardHeader>
      <CardContent>
        <form method="post" onSubmit={onSubmit} onFocus={checks.preload} onPointerEnter={checks.preload} noValidate className="grid max-w-md gap-5">
          {hasPassword ? (
            <FormField id="password-current" label={s.currentPassword} error={errors.currentPassword?.message}>
              <PasswordInput
                {...register("currentPassword")}
                {...fieldAria("password-current", errors.currentPassword?.message)}
                autoComplete="current-password"
              />
            </FormField>
          ) : (
            <p className="flex gap-2 rounded-md border bg-muted/50 p-3 text-sm text-muted-foreground">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {s.noPasswordHint}
            </p>
          )}
          <FormField id="password-new" label={s.newPassword} error={errors.newPassword?.message}>
            <PasswordInput {...register("newPassword")} {...fieldAria("password-new", errors.newPassword?.message)} autoComplete="new-password" />
          </FormField>
          <FormField id="password-confirm" label={s.confirmPassword} error={errors.confirmPassword?.message}>
            <PasswordInput {...register("confirmPassword")} {...fieldAria("password-confirm", errors.confirmPassword?.message)} autoComplete="new-password" />
          </FormField>
          <SubmitButton size="lg" busy={isSubmitting} busyLabel={s.savingPassword} className="w-full sm:w-fit">
            {s.savePassword}
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
