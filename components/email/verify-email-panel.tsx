"use client";

import Link from "next/link";
import { useState } from "react";
import { CircleCheck, Loader2, MailCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ApiError, api } from "@/lib/client/api";
import { emailStrings } from "@/lib/strings/email";
import { authStrings } from "@/lib/strings/auth";
import { InvalidLink } from "./invalid-link";
import { StatusMessage } from "./status-message";

const strings = { email: emailStrings, auth: authStrings };

const s = strings.email;

// The address is proved by a click, not by opening the page: mail scanners
// that fetch every link must not spend the token.
export function VerifyEmailPanel({ token, signedIn }: { token: string; signedIn: boolean }) {
  const [state, setState] = useState<"ready" | "busy" | "done" | "invalid">(token ? "ready" : "invalid");
  const [failure, setFailure] = useState<string | null>(null);
  const next = signedIn ? { href: "/dashboard", label: s.goToDashboard } : { href: "/login", label: strings.auth.submitLogin };

  const confirm = async () => {
    setState("busy");
    setFailure(null);
    try {
      await api("/api/auth/verify-email", { body: { token } });
      setState("done");
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return setState("invalid");
      setFailure(error instanceof ApiError ? error.message : s.requestFailed);
      setState("ready");
    }
  };

  if (state === "invalid") return <InvalidLink text={s.invalidVerifyText} action={next} />;
  if (state === "done") {
    return (
      <StatusMessage icon={<CircleCheck aria-hidden="true" />} title={s.verifiedTitle} text={s.verifiedText}>
        <Button asChild className="w-full">
          <Link href={next.href}>{next.label}</Link>
        </Button>
      </StatusMessage>
    );
  }
  return (
    <div className="grid gap-4 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <MailCheck aria-hidden="true" />
      </div>
      {failure ? (
        <p role="status" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      ) : null}
      <Button size="lg" onClick={confirm} disabled={state === "busy"}>
        {state === "busy" ? (
          <>
            <Loader2 className="animate-spin" aria-hidden="true" />
            {s.verifying}
          </>
        ) : (
          s.verifySubmit
        )}
      </Button>
    </div>
  );
}
