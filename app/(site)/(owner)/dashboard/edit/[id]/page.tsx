import type { Metadata } from "next";
import { LinkEditor } from "@/components/links/link-editor";
import { LinkPageShell } from "@/components/links/link-page-shell";
import { db } from "@/lib/server/db";
import { requireSession } from "@/lib/server/current-user";
import { strings } from "@/lib/strings";

type Props = { params: Promise<{ id: string }> };

/** A section title is edited here too: the page says which one it is (only the owner's own row is looked at). */
async function isSection(id: string): Promise<boolean> {
  const session = await requireSession();
  const row = await db.link.findFirst({ where: { id, userId: session.user.id }, select: { kind: true } });
  return row?.kind === "header";
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: (await isSection(id)) ? strings.richLinks.editSectionTitle : strings.links.editTitle };
}

export default async function EditLinkPage({ params }: Props) {
  const { id } = await params;
  const title = (await isSection(id)) ? strings.richLinks.editSectionTitle : strings.links.editTitle;
  return (
    <LinkPageShell title={title} description={strings.links.editSubtitle}>
      <LinkEditor id={id} />
    </LinkPageShell>
  );
}
