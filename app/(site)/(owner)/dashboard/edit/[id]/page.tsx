import type { Metadata } from "next";
import { BLOCK_EDITORS } from "@/components/blocks/block-editors";
import { LinkEditor } from "@/components/links/link-editor";
import { LinkPageShell } from "@/components/links/link-page-shell";
import { blocks, isBlockKind } from "@/lib/blocks/registry";
import { getOwnLinkKind } from "@/lib/links/link-queries";
import { requireOwnerPage } from "@/lib/pages/current-page";
import { strings } from "@/lib/strings";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Every block kind is edited here: the page says which one it is (only the owner's own row is looked at). */
async function kindOf(id: string, searchParams: Props["searchParams"]) {
  const { page } = await requireOwnerPage(searchParams);
  const name = await getOwnLinkKind(page.id, id);
  return name && isBlockKind(name) ? { kind: blocks.get(name)!, wide: BLOCK_EDITORS[name].wide } : null;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: (await kindOf(id, searchParams))?.kind.text.edit ?? strings.links.editTitle };
}

export default async function EditLinkPage({ params, searchParams }: Props) {
  const { id } = await params;
  const found = await kindOf(id, searchParams);
  return (
    <LinkPageShell title={found?.kind.text.edit ?? strings.links.editTitle} description={strings.links.editSubtitle} wide={found?.wide ?? false}>
      <LinkEditor id={id} />
    </LinkPageShell>
  );
}
