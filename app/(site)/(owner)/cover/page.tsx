import type { Metadata } from "next";
import { CoverEditor } from "@/components/cover/cover-editor";
import { requireSession } from "@/lib/server/current-user";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.cover.title };

export default async function CoverPage() {
  const { user } = await requireSession();
  return <CoverEditor user={user} />;
}
