import type { Metadata } from "next";
import { LinkEditor } from "@/components/links/link-editor";
import { LinkPageShell } from "@/components/links/link-page-shell";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.links.editTitle };

export default async function EditLinkPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <LinkPageShell title={strings.links.editTitle} description={strings.links.editSubtitle}>
      <LinkEditor id={id} />
    </LinkPageShell>
  );
}
