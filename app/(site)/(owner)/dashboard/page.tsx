import type { Metadata } from "next";
import Link from "next/link";
import { ShoppingBag } from "lucide-react";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { Button } from "@/components/ui/button";
import { withPage } from "@/lib/client/page-scope";
import { listLinks } from "@/lib/links/link-queries";
import { ownerModeration } from "@/lib/moderation/appeal-mutations";
import { requireOwnerPage } from "@/lib/pages/current-page";
import { errorFields, log } from "@/lib/server/log";
import { pageQrPreview } from "@/lib/qr/page-qr";
import { publicOrigin } from "@/lib/server/public-url";
import { sellingConfig } from "@/lib/selling/selling-config";
import { ownerSummary } from "@/lib/stats/stats-queries";
import { strings } from "@/lib/strings";
import { salesStrings } from "@/lib/strings/sales";

export const metadata: Metadata = { title: strings.dashboard.title };

/** What the browser would otherwise fetch after hydration; on failure it still does (GET /api/links, /api/stats, /api/user/appeal). */
function firstData<T>(what: string, read: Promise<T>): Promise<T | undefined> {
  return read.catch((error: unknown) => {
    log.warn("dashboard.initial_data_failed", { what, ...errorFields(error) });
    return undefined;
  });
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The dashboard of the page the address names (?page=USERNAME; absent: the account's first page). */
export default async function DashboardPage({ searchParams }: Props) {
  const { user, page } = await requireOwnerPage(searchParams);
  const selling = sellingConfig() !== null;
  const profileUrl = `${publicOrigin()}/${user.username}`;
  // The list, the 30-day figures, the QR code and a deactivated page's notice are rendered with the page, not after it.
  const [links, stats, qrImage, moderation] = await Promise.all([
    firstData("links", listLinks(page.id)),
    // The card's totals and days only: not every link's series (500 links × 30 days in the page's payload).
    firstData("stats", ownerSummary(page.id, 30)),
    firstData("qr", pageQrPreview(page.id)),
    user.pageActive ? undefined : firstData("moderation", ownerModeration(page.id)),
  ]);
  return (
    <DashboardView
      initialUser={user}
      initialLinks={links}
      initialStats={stats}
      initialModeration={moderation}
      profileUrl={profileUrl}
      qrImage={qrImage}
      selling={selling}
      salesLink={
        selling ? (
          <Button asChild variant="outline">
            <Link href={withPage("/dashboard/vendas", page.username)} prefetch={false}>
              <ShoppingBag aria-hidden="true" />
              {salesStrings.title}
            </Link>
          </Button>
        ) : undefined
      }
    />
  );
}
