import type { Metadata } from "next";
import { CoverEditor } from "@/components/cover/cover-editor";
import { requireOwnerPage } from "@/lib/pages/current-page";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.cover.title };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CoverPage({ searchParams }: Props) {
  const { user } = await requireOwnerPage(searchParams);
  return <CoverEditor user={user} />;
}
