"use client";

import { lazyComponent } from "@/components/ui/lazy-component";
import { useEffect, useSyncExternalStore } from "react";
import { KeyRound, Plug, ShieldCheck, UserRound } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { UserDto } from "@/lib/accounts/user-dto";
import { can } from "@/lib/permissions/page-permissions";
import type { PageAccess } from "@/lib/pages/page-access";
import { TeamCard } from "@/components/pages/team-card";
import type { DomainDto } from "@/lib/domains/domain-schemas";
import { pagesStrings } from "@/lib/strings/pages";
import { settingsStrings } from "@/lib/strings/settings";
import { securityStrings } from "@/lib/strings/security";
import { AvatarPicker } from "./avatar-picker";
import { PasswordForm } from "./password-form";
import type { SettingsTab } from "./settings-tab-names";
import { ProfileForm } from "./profile-form";
import { VisibilityForm } from "./visibility-form";

const strings = { settings: settingsStrings, security: securityStrings };

const s = strings.settings;

// The 'Segurança' tab's code (two-factor, sessions, dialogs) is not in the
// page's first script: it is fetched once the page is idle after load, and
// drawn when the tab is first opened.
const loadSecurityPanel = () => import("./security-panel").then((m) => m.SecurityPanel);
const SecurityPanel = lazyComponent(loadSecurityPanel);
// The 'Integrações' tab (custom domain, API keys, webhooks): its code too stays out of the page's first script.
const loadIntegrationsPanel = () => import("./integrations-panel").then((m) => m.IntegrationsPanel);
const IntegrationsPanel = lazyComponent(loadIntegrationsPanel);
const never = () => () => {};
/**
 * False on the server and while hydrating, then true: the 'Integrações' forms
 * are drawn only once React can take their press (a press on a form the
 * server drew, before its lazy code has hydrated it, would be the browser's
 * own submit: a reload with the field in the address).
 */
const useInBrowser = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

/**
 * The profile and password panels are drawn with the page and stay in it,
 * hidden while another tab is shown (Radix's forceMount): opening a tab only
 * shows its panel (no form is built at the press), and what was typed in a
 * panel is still there when the person comes back to it.
 */
const kept = "data-[state=inactive]:hidden";

export function SettingsTabs({
  user,
  page,
  hasPassword,
  host,
  domains = null,
  selling = false,
  tab = "perfil",
}: {
  user: UserDto;
  page: PageAccess;
  hasPassword: boolean;
  host: string;
  /** The page's custom domain; null where the feature is off (no card). */
  domains?: { domain: DomainDto | null } | null;
  /** Selling with Pix is on (the webhooks' sales events offered). */
  selling?: boolean;
  /** The tab shown first. */
  tab?: SettingsTab;
}) {
  const settings = can(page.role, "page.settings");
  const team = can(page.role, "members.manage");
  const webhooks = can(page.role, "webhooks.manage");
  const inBrowser = useInBrowser();
  useEffect(() => {
    const idle = (run: () => void) => (window.requestIdleCallback ? window.requestIdleCallback(run) : window.setTimeout(run, 1));
    idle(() => void Promise.all([loadSecurityPanel(), loadIntegrationsPanel()]).catch(() => {}));
  }, []);
  return (
    <Tabs defaultValue={tab} className="gap-6">
      <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:w-fit">
        <TabsTrigger value="perfil" className="min-h-10 px-3 sm:px-4">
          <UserRound aria-hidden="true" />
          {s.tabProfile}
        </TabsTrigger>
        <TabsTrigger value="senha" className="min-h-10 px-3 sm:px-4">
          <KeyRound aria-hidden="true" />
          {s.tabPassword}
        </TabsTrigger>
        <TabsTrigger value="seguranca" className="min-h-10 px-3 sm:px-4">
          <ShieldCheck aria-hidden="true" />
          {strings.security.tab}
        </TabsTrigger>
        <TabsTrigger value="integracoes" className="min-h-10 px-3 sm:px-4">
          <Plug aria-hidden="true" />
          {s.tabIntegrations}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="perfil" forceMount className={`grid gap-6 ${kept}`}>
        <Card>
          <CardHeader>
            <CardTitle>{s.photo}</CardTitle>
            <CardDescription className="sr-only">{s.photoHint}</CardDescription>
          </CardHeader>
          <CardContent>
            <AvatarPicker name={user.name} avatarUrl={user.avatarUrl} />
          </CardContent>
        </Card>
        <ProfileForm user={user} host={host} canRename={settings} />
        {settings ? <VisibilityForm user={user} /> : null}
        {team ? <TeamCard pageId={page.id} username={page.username} selfId={user.id} /> : null}
        {settings && team ? null : <p className="text-sm text-muted-foreground">{pagesStrings.ownerOnlySettings}</p>}
      </TabsContent>
      <TabsContent value="senha" forceMount className={kept}>
        <PasswordForm hasPassword={hasPassword} />
      </TabsContent>
      <TabsContent value="seguranca" className="grid gap-6">
        <SecurityPanel user={user} hasPassword={hasPassword} />
      </TabsContent>
      <TabsContent value="integracoes" className="grid gap-6">
        {inBrowser ? (
          <IntegrationsPanel
            username={page.username}
            domain={domains && can(page.role, "domain.read") ? { initial: domains.domain, canEdit: can(page.role, "domain.write") } : null}
            webhooks={webhooks}
            selling={selling}
          />
        ) : null}
      </TabsContent>
    </Tabs>
  );
}
