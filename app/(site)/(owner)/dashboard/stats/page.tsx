import type { Metadata } from "next";
import { InsightsView } from "@/components/insights/insights-view";
import { requireSession } from "@/lib/server/current-user";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.insights.title };

export default async function StatsPage() {
  await requireSession();
  return <InsightsView />;
}
