"use client";

import type { UserDto } from "@/lib/accounts/user-dto";
import { DataCard } from "@/components/security/data-card";
import { PasskeysCard } from "@/components/security/passkeys-card";
import { SessionsCard } from "@/components/security/sessions-card";
import { TwoFactorCard } from "@/components/security/two-factor-card";

/** The settings' 'Segurança' tab: two-factor sign-in, passkeys, sessions, the account's data (API keys: 'Integrações'). */
export function SecurityPanel({ user, hasPassword }: { user: UserDto; hasPassword: boolean }) {
  return (
    <>
      <TwoFactorCard enabled={user.twoFactorEnabled} hasPassword={hasPassword} />
      <PasskeysCard hasPassword={hasPassword} />
      <SessionsCard />
      <DataCard username={user.username} hasPassword={hasPassword} />
    </>
  );
}
