import type { Metadata } from "next";
import { headers } from "next/headers";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { requireSession } from "@/lib/server/current-user";
import { publicOrigin } from "@/lib/server/public-url";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.dashboard.title };

export default async function DashboardPage() {
  const { user } = await requireSession();
  const origin = publicOrigin(await headers());
  return <DashboardView initialUser={user} profileUrl={`${origin}/${user.username}`} />;
}
