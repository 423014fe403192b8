"use client";

import { ApiKeysCard } from "@/components/api-keys/api-keys-card";
import { DomainCard } from "@/components/domains/domain-card";
import { WebhooksCard } from "@/components/webhooks/webhooks-card";
import type { DomainDto } from "@/lib/domains/domain-schemas";

/**
 * The settings' 'Integrações' tab: everything about a creator's tools in one
 * place (the page's own domain, the account's API keys, the page's webhooks),
 * each card shown to whom the role table lets see it (settings-tabs.tsx asks).
 */
export function IntegrationsPanel({
  username,
  domain,
  webhooks,
  selling,
}: {
  username: string;
  /** The page's custom domain and whether this person may change it; null where the feature is off or the role may not read it. */
  domain: { initial: DomainDto | null; canEdit: boolean } | null;
  webhooks: boolean;
  /** Selling with Pix is on: the webhooks' sales events are offered. */
  selling: boolean;
}) {
  return (
    <>
      {domain ? <DomainCard initial={domain.initial} canEdit={domain.canEdit} username={username} /> : null}
      <ApiKeysCard />
      {webhooks ? <WebhooksCard selling={selling} /> : null}
    </>
  );
}
