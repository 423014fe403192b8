"use client";

import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { lazyResolver } from "@/lib/client/lazy-resolver";
import { Copy, Loader2 } from "lucide-react";
import { FormField, fieldAria } from "@/components/auth/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ApiError, api } from "@/lib/client/api";
import { securityStrings } from "@/lib/strings/security";
import { commonStrings } from "@/lib/strings/common";
import type { EnableTwoFactorInput } from "@/lib/two-factor/two-factor-schemas";
import { copyText } from "./copy-text";

const strings = { security: securityStrings, common: commonStrings };

const s = strings.security;
const checks = lazyResolver(() => import("@/lib/two-factor/two-factor-resolvers").then((m) => m.enableTwoFactorResolver));

/** Step two of turning on: the QR code (drawn here, from the otpauth URL), the key as text, and a code to confirm. */
export function TwoFactorSetup({
  secret,
  otpauthUrl,
  onEnabled,
  onCancel,
}: {
  secret: string;
  otpauthUrl: string;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const [qr, setQr] = useState<string>();
  useEffect(() => {
    let live = true;
    // The QR code library loads with the setup (it follows the server's answer with the secret anyway).
    void import("qrcode")
      .then(({ default: QRCode }) => QRCode.toDataURL(otpauthUrl, { margin: 1, width: 192, errorCorrectionLevel: "M" }))
      .then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [otpauthUrl]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EnableTwoFactorInput>({ resolver: checks.resolver, defaultValues: { code: "" } });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const { recoveryCodes } = await api<{ recoveryCodes: string[] }>("/api/user/2fa/enable", { body: { code } });
      onEnabled(recoveryCodes);
    } catch (error) {
      setError("code", { type: "server", message: error instanceof ApiError ? error.message : s.invalidCode }, { shouldFocus: true });
    }
  });

  const grouped = secret.match(/.{1,4}/g)?.join(" ") ?? secret;
  return (
    <div className="grid gap-5">
      <div className="grid gap-3">
        <p className="text-sm font-medium">{s.setupStep1}</p>
        <div className="flex size-[200px] items-center justify-center rounded-md border bg-white p-1">
          {qr ? <img src={qr} alt={s.qrAlt} width={192} height={192} data-testid="totp-qr" /> : <Loader2 className="animate-spin" aria-hidden="true" />}
        </div>
        <p className="text-sm text-muted-foreground">{s.setupKeyLabel}</p>
        <div className="flex flex-wrap items-center gap-2">
          <code className="rounded bg-muted px-2 py-1 font-mono text-sm break-all" data-testid="totp-secret" data-secret={secret}>
            {grouped}
          </code>
          <Button type="button" variant="outline" size="sm" onClick={() => void copyText(secret, s.keyCopied)}>
            <Copy aria-hidden="true" />
            {s.copyKey}
          </Button>
        </div>
      </div>
      <form method="post" onSubmit={onSubmit} onFocus={checks.preload} onPointerEnter={checks.preload} noValidate className="grid max-w-xs gap-4">
        <FormField id="enable-code" label={s.setupStep2} error={errors.code?.message}>
          <Input
            {...register("code")}
            {...fieldAria("enable-code", errors.code?.message)}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            placeholder="000000"
            className="font-mono tracking-[0.3em]"
          />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {isSubmitting ? s.confirming : s.confirmEnable}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            {strings.common.cancel}
          </Button>
        </div>
      </form>
    </div>
  );
}
