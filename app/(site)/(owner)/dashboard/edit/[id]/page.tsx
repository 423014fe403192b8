import type { Metadata } from "next";
import { LinkEditor } from "@/components/links/link-editor";
import { LinkPageShell } from "@/components/links/link-page-shell";
import { getOwnLinkKind } from "@/lib/links/link-queries";
import { requireOwnerPage } from "@/lib/pages/current-page";
import { strings } from "@/lib/strings";
import { blocksStrings } from "@/lib/strings/blocks";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Sections and blocks are edited here too: the page says which one it is (only the owner's own row is looked at). */
async function kindOf(id: string, searchParams: Props["searchParams"]): Promise<string | null> {
  const { page } = await requireOwnerPage(searchParams);
  return getOwnLinkKind(page.id, id);
}

const titles: Record<string, string> = {
  header: strings.richLinks.editSectionTitle,
  pix: blocksStrings.editPixTitle,
  embed: blocksStrings.editEmbedTitle,
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: titles[(await kindOf(id, searchParams)) ?? ""] ?? strings.links.editTitle };
}

export default async function EditLinkPage({ params, searchParams }: Props) {
  const { id } = await params;
  const kind = (await kindOf(id, searchParams)) ?? "";
  return (
    <LinkPageShell title={titles[kind] ?? strings.links.editTitle} description={strings.links.editSubtitle} wide={kind === "pix" || kind === "embed"}>
      <LinkEditor id={id} />
    </LinkPageShell>
  );
}
