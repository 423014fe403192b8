import type { Metadata } from "next";
import { LinkForm } from "@/components/links/link-form";
import { LinkPageShell } from "@/components/links/link-page-shell";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.links.addTitle };

/** /dashboard/add adds a link; /dashboard/add?kind=header a section title. */
export default async function AddLinkPage({ searchParams }: { searchParams: Promise<{ kind?: string | string[] }> }) {
  const section = (await searchParams).kind === "header";
  const r = strings.richLinks;
  return (
    <LinkPageShell title={section ? r.addSectionTitle : strings.links.addTitle} description={section ? r.addSectionSubtitle : strings.links.addSubtitle}>
      <LinkForm kind={section ? "header" : "link"} />
    </LinkPageShell>
  );
}
