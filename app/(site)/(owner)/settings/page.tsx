import type { Metadata } from "next";
import { settingsTab } from "@/components/settings/settings-tab-names";
import { SettingsTabs } from "@/components/settings/settings-tabs";
import { customDomainsTarget } from "@/lib/domains/domain-feature";
import { pageDomain } from "@/lib/domains/domain-queries";
import { requireOwnerPage } from "@/lib/pages/current-page";
import { sellingConfig } from "@/lib/selling/selling-config";
import { publicHost } from "@/lib/server/public-url";
import { userHasPassword } from "@/lib/settings/settings-queries";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.settings.title };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SettingsPage({ searchParams }: Props) {
  const { user, page } = await requireOwnerPage(searchParams);
  const tab = settingsTab((await searchParams).aba);
  const hasPassword = await userHasPassword(user.id);
  // 'Domínio próprio' only where the operator turned custom domains on (CUSTOM_DOMAIN_TARGET).
  const domains = customDomainsTarget() ? { domain: await pageDomain(page.id) } : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight">{strings.settings.title}</h1>
        <p className="mt-1 text-muted-foreground">{strings.settings.subtitle}</p>
      </header>
      <SettingsTabs user={user} page={page} hasPassword={hasPassword} host={publicHost()} domains={domains} selling={sellingConfig() !== null} tab={tab} />
    </div>
  );
}
