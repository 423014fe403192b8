import type { Metadata } from "next";
import { InsightsView } from "@/components/insights/insights-view";
import { requireOwnerPage } from "@/lib/pages/current-page";
import { sellingConfig } from "@/lib/selling/selling-config";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.insights.title };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function StatsPage({ searchParams }: Props) {
  // A page the person does not manage is not found.
  await requireOwnerPage(searchParams);
  return <InsightsView selling={sellingConfig() !== null} />;
}
