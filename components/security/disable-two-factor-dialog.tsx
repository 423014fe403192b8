"use client";

import { useForm } from "react-hook-form";
import { lazyResolver } from "@/lib/client/lazy-resolver";
import { Loader2 } from "lucide-react";
import { FormField, fieldAria } from "@/components/auth/form-field";
import { PasswordInput } from "@/components/auth/password-input";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { ApiError, api, applyFieldErrors } from "@/lib/client/api";
import { securityStrings } from "@/lib/strings/security";
import { commonStrings } from "@/lib/strings/common";
import type { DisableTwoFactorInput } from "@/lib/two-factor/two-factor-schemas";

const strings = { security: securityStrings, common: commonStrings };

const s = strings.security;
const checks = lazyResolver(() => import("@/lib/two-factor/two-factor-resolvers").then((m) => m.disableTwoFactorResolver));

/** Turning two-factor off: the password (where there is one) and a code or a recovery code. */
export function DisableTwoFactorDialog({
  open,
  hasPassword,
  onOpenChange,
  onDisabled,
}: {
  open: boolean;
  hasPassword: boolean;
  onOpenChange: (open: boolean) => void;
  onDisabled: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<DisableTwoFactorInput>({ resolver: checks.resolver, defaultValues: { password: "", code: "" } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api("/api/user/2fa/disable", { body: hasPassword ? values : { code: values.code } });
      reset();
      onDisabled();
    } catch (error) {
      if (applyFieldErrors(error, setError, ["password", "code"] as const)) return;
      setError("code", { type: "server", message: error instanceof ApiError ? error.message : s.invalidCode });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{s.turnOffTitle}</DialogTitle>
          <DialogDescription>{s.turnOffText}</DialogDescription>
        </DialogHeader>
        <form method="post" onSubmit={onSubmit} onFocus={checks.preload} onPointerEnter={checks.preload} noValidate className="grid gap-4">
          {hasPassword ? (
            <FormField id="disable-password" label={s.password} error={errors.password?.message}>
              <PasswordInput {...register("password")} {...fieldAria("disable-password", errors.password?.message)} autoComplete="current-password" />
            </FormField>
          ) : null}
          <FormField id="disable-code" label={s.codeOrRecovery} error={errors.code?.message}>
            <Input {...register("code")} {...fieldAria("disable-code", errors.code?.message)} autoComplete="one-time-code" spellCheck={false} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={isSubmitting} onClick={() => onOpenChange(false)}>
              {strings.common.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {isSubmitting ? s.turningOff : s.turnOffConfirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
