"use client";

import { KeyRound, ShieldCheck, UserRound } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { UserDto } from "@/lib/accounts/user-dto";
import { settingsStrings } from "@/lib/strings/settings";
import { securityStrings } from "@/lib/strings/security";
import { DataCard } from "@/components/security/data-card";
import { SessionsCard } from "@/components/security/sessions-card";
import { TwoFactorCard } from "@/components/security/two-factor-card";
import { AvatarPicker } from "./avatar-picker";
import { PasswordForm } from "./password-form";
import { ProfileForm } from "./profile-form";
import { VisibilityForm } from "./visibility-form";

const strings = { settings: settingsStrings, security: securityStrings };

const s = strings.settings;

export function SettingsTabs({ user, hasPassword, host }: { user: UserDto; hasPassword: boolean; host: string }) {
  return (
    <Tabs defaultValue="perfil" className="gap-6">
      <TabsList className="h-10 w-full sm:w-fit">
        <TabsTrigger value="perfil" className="px-4">
          <UserRound aria-hidden="true" />
          {s.tabProfile}
        </TabsTrigger>
        <TabsTrigger value="senha" className="px-4">
          <KeyRound aria-hidden="true" />
          {s.tabPassword}
        </TabsTrigger>
        <TabsTrigger value="seguranca" className="px-4">
          <ShieldCheck aria-hidden="true" />
          {strings.security.tab}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="perfil" className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{s.photo}</CardTitle>
            <CardDescription className="sr-only">{s.photoHint}</CardDescription>
          </CardHeader>
          <CardContent>
            <AvatarPicker name={user.name} avatarUrl={user.avatarUrl} />
          </CardContent>
        </Card>
        <ProfileForm user={user} host={host} />
        <VisibilityForm user={user} />
      </TabsContent>
      <TabsContent value="senha">
        <PasswordForm hasPassword={hasPassword} />
      </TabsContent>
      <TabsContent value="seguranca" className="grid gap-6">
        <TwoFactorCard enabled={user.twoFactorEnabled} hasPassword={hasPassword} />
        <SessionsCard />
        <DataCard username={user.username} hasPassword={hasPassword} />
      </TabsContent>
    </Tabs>
  );
}
