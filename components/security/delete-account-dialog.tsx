"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormField, fieldAria } from "@/components/auth/form-field";
import { PasswordInput } from "@/components/auth/password-input";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { ApiError, api, applyFieldErrors } from "@/lib/client/api";
import { securityStrings } from "@/lib/strings/security";
import { commonStrings } from "@/lib/strings/common";

const strings = { security: securityStrings, common: commonStrings };

const s = strings.security;

interface Values {
  confirm: string;
  password: string;
}

/** 'Excluir minha conta': says what is lost, asks for the username and (where there is one) the password. */
export function DeleteAccountDialog({
  open,
  username,
  hasPassword,
  onOpenChange,
}: {
  open: boolean;
  username: string;
  hasPassword: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { confirm: "", password: "" } });
  const matches = watch("confirm").trim().toLowerCase() === username;

  const onSubmit = handleSubmit(async ({ confirm, password }) => {
    setFailure(undefined);
    try {
      await api("/api/user", { method: "DELETE", body: hasPassword ? { confirm, password } : { confirm } });
      toast({ title: s.deleted });
      window.location.href = "/";
    } catch (error) {
      if (applyFieldErrors(error, setError, ["confirm", "password"] as const)) return;
      setFailure(error instanceof ApiError ? error.message : s.deleteFailed);
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{s.deleteTitle}</DialogTitle>
          <DialogDescription>{s.deleteLoses}</DialogDescription>
        </DialogHeader>
        <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id="delete-confirm" label={s.deleteConfirmLabel(username)} error={errors.confirm?.message}>
            <Input
              {...register("confirm")}
              {...fieldAria("delete-confirm", errors.confirm?.message)}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
          </FormField>
          {hasPassword ? (
            <FormField id="delete-password" label={s.deletePasswordLabel} error={errors.password?.message}>
              <PasswordInput {...register("password")} {...fieldAria("delete-password", errors.password?.message)} autoComplete="current-password" />
            </FormField>
          ) : null}
          {failure ? (
            <p className="text-sm font-medium text-destructive" role="status" aria-live="polite">
              {failure}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={isSubmitting} onClick={() => onOpenChange(false)}>
              {strings.common.cancel}
            </Button>
            <SubmitButton variant="destructive" busy={isSubmitting} busyLabel={s.deleting} disabled={!matches}>
              {s.deleteConfirm}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
