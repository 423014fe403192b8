"use client";

import type { UserDto } from "@/lib/accounts/user-dto";
import { ApiKeysCard } from "@/components/api-keys/api-keys-card";
import { DataCard } from "@/components/security/data-card";
import { PasskeysCard } from "@/components/security/passkeys-card";
import { SessionsCard } from "@/components/security/sessions-card";
import { TwoFactorCard } from "@/components/security/two-factor-card";

/** The settings' 'Segurança' tab: two-factor sign-in, passkeys, sessions, API keys, the account's data. */
export function SecurityPanel({ user, hasPassword }: { user: UserDto; hasPassword: boolean }) {
  return (
    <>
      <TwoFactorCard enabled={user.twoFactorEnabled} hasPassword={hasPassword} />
      <PasskeysCard hasPassword={hasPassword} />
      <SessionsCard />
      <ApiKeysCard />
      <DataCard username={user.username} hasPassword={hasPassword} />
    </>
  );
}
