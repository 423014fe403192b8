import type { Metadata } from "next";
import { EmbedForm } from "@/components/links/embed-form";
import { LinkForm } from "@/components/links/link-form";
import { LinkPageShell } from "@/components/links/link-page-shell";
import { PixForm } from "@/components/links/pix-form";
import { requireOwnerPage } from "@/lib/pages/current-page";
import { strings } from "@/lib/strings";
import { blocksStrings } from "@/lib/strings/blocks";

type Props = { searchParams: Promise<{ kind?: string | string[]; page?: string | string[] }> };

/** What /dashboard/add?kind=… adds: a link (no kind), a section title, a Pix block or a player. */
function pageFor(kind: string | string[] | undefined) {
  const b = blocksStrings;
  const r = strings.richLinks;
  if (kind === "header") return { title: r.addSectionTitle, description: r.addSectionSubtitle, form: <LinkForm kind="header" /> };
  if (kind === "pix") return { title: b.addPixTitle, description: b.addPixSubtitle, form: <PixForm /> };
  if (kind === "embed") return { title: b.addEmbedTitle, description: b.addEmbedSubtitle, form: <EmbedForm /> };
  return { title: strings.links.addTitle, description: strings.links.addSubtitle, form: <LinkForm kind="link" /> };
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return { title: pageFor((await searchParams).kind).title };
}

export default async function AddLinkPage({ searchParams }: Props) {
  // A page the person does not manage is not found.
  await requireOwnerPage(searchParams);
  const { title, description, form } = pageFor((await searchParams).kind);
  return (
    <LinkPageShell title={title} description={description} wide={form.type !== LinkForm}>
      {form}
    </LinkPageShell>
  );
}
