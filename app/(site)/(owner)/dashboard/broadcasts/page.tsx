import type { Metadata } from "next";
import { BroadcastsView } from "@/components/broadcasts/broadcasts-view";
import { requireOwnerPage } from "@/lib/pages/current-page";
import { broadcastComposerStrings } from "@/lib/strings/broadcast-composer";

export const metadata: Metadata = { title: broadcastComposerStrings.title };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** 'Escrever para a lista' (api.md, Write to your list): members of the page write drafts; owners test, schedule and send. */
export default async function BroadcastsPage({ searchParams }: Props) {
  // A page the person does not manage is not found.
  const { page } = await requireOwnerPage(searchParams);
  return <BroadcastsView role={page.role} />;
}
