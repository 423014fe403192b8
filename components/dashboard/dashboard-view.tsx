"use client";

import { lazyComponent } from "@/components/ui/lazy-component";
import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { VerifyBanner } from "@/components/email/verify-banner";
import { PhonePreview } from "@/components/profile/phone-preview";
import { LinksCard } from "@/components/links/links-card";
import { Button } from "@/components/ui/button";
import type { UserDto } from "@/lib/accounts/user-dto";
import type { LinkDto } from "@/lib/links/link-dto";
import type { OwnerModeration } from "@/lib/moderation/moderation-types";
import type { StatsDto } from "@/lib/stats/stats-dto";
import { useCurrentUser } from "@/lib/client/use-current-user";
import { useLinks } from "@/lib/client/use-links";
import { dashboardStrings } from "@/lib/strings/dashboard";
import { ProfileCard } from "./profile-card";
import { ShareCard } from "./share-card";
import { StatsCard } from "./stats-card";

const strings = { dashboard: dashboardStrings };

// Shown only while the page is deactivated: its appeal form (and zod) load with it.
const DeactivationNotice = lazyComponent(() => import("@/components/moderation/deactivation-notice").then((m) => m.DeactivationNotice));

export function DashboardView({
  initialUser,
  initialLinks,
  initialStats,
  initialModeration,
  profileUrl,
  qrImage,
  selling = false,
  salesLink,
}: {
  initialUser: UserDto;
  /** Read by the page on the server: the first render shows the list and figures, with no request after hydration. */
  initialLinks?: LinkDto[];
  initialStats?: StatsDto;
  /** A deactivated page's status, reason and appeal. */
  initialModeration?: OwnerModeration;
  profileUrl: string;
  /** The QR code's preview drawn with the page (lib/qr/page-qr.ts); absent: GET /api/qr's. */
  qrImage?: string;
  /** Selling is on (lib/selling/selling-config.ts): the blocks that sell are offered. */
  selling?: boolean;
  /** 'Vendas', drawn by the server where selling is on (its words and icon stay out of this script). */
  salesLink?: ReactNode;
}) {
  const t = strings.dashboard;
  const user = useCurrentUser(initialUser).data ?? initialUser;
  const { data: links } = useLinks(initialLinks);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
          <p className="mt-1 text-muted-foreground">{t.subtitle}</p>
        </div>
        <Button asChild variant="outline">
          <a href={profileUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            {t.viewProfile}
          </a>
        </Button>
      </div>
      <VerifyBanner user={user} />
      {user.pageActive ? null : <DeactivationNotice reason={user.deactivationReason} initial={initialModeration} />}
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <LinksCard initialLinks={initialLinks} selling={selling} />
          <StatsCard initial={initialStats}>{salesLink}</StatsCard>
          <ProfileCard user={user} />
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <ShareCard profileUrl={profileUrl} username={user.username} qrImage={qrImage}>
            <div>
              <p className="mb-3 text-sm font-semibold">{t.preview}</p>
              <PhonePreview profile={user} links={links ?? []} />
            </div>
          </ShareCard>
        </div>
      </div>
    </div>
  );
}
