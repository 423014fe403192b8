import type { Metadata } from "next";
import { SubscribersView } from "@/components/audience/subscribers-view";
import { requireOwnerPage } from "@/lib/pages/current-page";
import { audienceStrings } from "@/lib/strings/audience";

export const metadata: Metadata = { title: audienceStrings.listTitle };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** 'Inscritos' (api.md, Audience): members of the page see it; owners also export and delete. */
export default async function SubscribersPage({ searchParams }: Props) {
  // A page the person does not manage is not found.
  const { page } = await requireOwnerPage(searchParams);
  return <SubscribersView role={page.role} />;
}
