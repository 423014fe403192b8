"use client";

import { useState } from "react";
import type { FormFlash } from "@/lib/server/form-post";
import { loginStrings } from "@/lib/strings/login";
import { lazyComponent } from "@/components/ui/lazy-component";
import { AuthCard } from "./auth-card";
import { LoginForm } from "./login-form";

const strings = { login: loginStrings };

// The code screen (and zod, which its form validates with) loads only for an
// account that asks for it, not with every visit to /login.
const TwoFactorStep = lazyComponent(() => import("./two-factor-step").then((m) => m.TwoFactorStep));

/** /login: the password (or Google) screen, then, for an account with two-factor on, the code screen. */
export function LoginScreens({
  callbackUrl,
  googleClientId,
  codeFirst = false,
  recoveryFirst = false,
  flash = null,
  codeStep,
}: {
  callbackUrl: string;
  googleClientId?: string;
  /** Arrived from a Google sign-in elsewhere (landing, register) that now asks for the code. */
  codeFirst?: boolean;
  /** The code step opened at the recovery code (its switch followed without JavaScript). */
  recoveryFirst?: boolean;
  /** The messages of a form sent with JavaScript off and refused (lib/server/form-post.ts). */
  flash?: FormFlash | null;
  /** The code screen's title and subtitle, given by the page (the security texts stay out of this script). */
  codeStep: { title: string; description: string };
}) {
  const [step, setStep] = useState<"password" | "code">(codeFirst ? "code" : "password");
  if (step === "code") {
    return (
      <AuthCard title={codeStep.title} description={codeStep.description}>
        <TwoFactorStep
          callbackUrl={callbackUrl}
          onBack={() => setStep("password")}
          flash={codeFirst ? flash : null}
          recoveryFirst={codeFirst && recoveryFirst}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={strings.login.loginTitle} description={strings.login.loginSubtitle}>
      <LoginForm callbackUrl={callbackUrl} googleClientId={googleClientId} onTwoFactorRequired={() => setStep("code")} flash={codeFirst ? null : flash} />
    </AuthCard>
  );
}
