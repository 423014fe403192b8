"use client";

import { useState } from "react";
import { Loader2, MailWarning } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { UserDto } from "@/lib/accounts/user-dto";
import { ApiError, api } from "@/lib/client/api";
import { verifyBannerStrings } from "@/lib/strings/verify-banner";

const strings = { email: verifyBannerStrings };

const s = strings.email;

/** On the dashboard while the address (or a new one) waits for its link, with a resend button. */
export function VerifyBanner({ user }: { user: Pick<UserDto, "email" | "emailVerified" | "pendingEmail"> }) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  if (user.emailVerified && !user.pendingEmail) return null;

  const resend = async () => {
    setBusy(true);
    try {
      await api("/api/auth/verify-email/resend", { body: {} });
      setNote(s.bannerResent);
    } catch (error) {
      setNote(error instanceof ApiError ? error.message : s.requestFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="verify-banner-title"
      className="mt-6 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center"
    >
      <MailWarning className="size-6 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 id="verify-banner-title" className="font-semibold">
          {s.bannerTitle}
        </h2>
        <p className="text-sm break-words">{user.pendingEmail ? s.pendingText(user.pendingEmail) : s.bannerText(user.email)}</p>
        <p role="status" className="text-sm font-medium empty:hidden">
          {note}
        </p>
      </div>
      <Button variant="outline" onClick={resend} disabled={busy} className="shrink-0 border-amber-400 bg-white">
        {busy ? (
          <>
            <Loader2 className="animate-spin" aria-hidden="true" />
            {s.bannerResending}
          </>
        ) : (
          s.bannerResend
        )}
      </Button>
    </section>
  );
}
