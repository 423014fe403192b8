import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/email/forgot-password-form";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.email.forgotTitle };

export default function ForgotPasswordPage() {
  return (
    <AuthCard title={strings.email.forgotTitle} description={strings.email.forgotSubtitle}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
