"use client";

import { useState } from "react";
import { Loader2 } from "lucide-react";
import { FormField, fieldAria } from "@/components/auth/form-field";
import { PasswordInput } from "@/components/auth/password-input";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/client/api";
import { commonStrings } from "@/lib/strings/common";
import { securityStrings } from "@/lib/strings/security";

const strings = { security: securityStrings, common: commonStrings };

const s = strings.security;
const NAME_MAX = 60;

/** The message of a refused call on its field, else on the dialog. */
function fieldError(error: unknown, field: string, fallback: string): { field?: string; form?: string } {
  if (error instanceof ApiError && error.errors[field]) return { field: error.errors[field] };
  return { form: error instanceof ApiError ? error.message : fallback };
}

/**
 * One small form in a dialog: a name (adding, renaming) or the password
 * (removing). `submit` throws to show the server's message.
 */
export function PasskeyDialog({
  open,
  onOpenChange,
  title,
  description,
  field,
  initialValue = "",
  confirmLabel,
  busyLabel,
  destructive = false,
  submit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** "name" (a text field) or "password" (the current password); null: a plain confirmation. */
  field: "name" | "password" | null;
  initialValue?: string;
  confirmLabel: string;
  busyLabel: string;
  destructive?: boolean;
  submit: (value: string) => Promise<void>;
}) {
  const [value, setValue] = useState(initialValue);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ field?: string; form?: string }>({});
  const id = `passkey-${field ?? "confirm"}`;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (field === "name" && !value.trim()) return setErrors({ field: s.passkeyNameRequired });
    setBusy(true);
    setErrors({});
    try {
      await submit(field === "name" ? value.trim() : value);
    } catch (error) {
      setErrors(fieldError(error, field ?? "_", s.passkeyFailedSettings));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          {field === "name" ? (
            <FormField id={id} label={s.passkeyNameLabel} error={errors.field} hint={s.passkeyNameHint}>
              <Input
                {...fieldAria(id, errors.field, true)}
                value={value}
                maxLength={NAME_MAX}
                onChange={(e) => setValue(e.target.value)}
                autoComplete="off"
                autoFocus
              />
            </FormField>
          ) : null}
          {field === "password" ? (
            <FormField id={id} label={s.password} error={errors.field}>
              <PasswordInput
                {...fieldAria(id, errors.field)}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                autoComplete="current-password"
                autoFocus
              />
            </FormField>
          ) : null}
          {errors.form ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.form}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
              {strings.common.cancel}
            </Button>
            <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {busy ? busyLabel : confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
