import type { Metadata } from "next";
import { BLOCK_EDITORS } from "@/components/blocks/block-editors";
import { LinkPageShell } from "@/components/links/link-page-shell";
import { LinktreeImport } from "@/components/links/linktree-import";
import { linktreeStrings } from "@/lib/strings/linktree";
import { offersSharedKind, SharedKindOffer } from "@/components/pwa/shared-kind-offer";
import { blocks, isBlockKind, type BlockKindName } from "@/lib/blocks/registry";
import { requireOwnerPage } from "@/lib/pages/current-page";
import { sellingConfig } from "@/lib/selling/selling-config";
import { sharedLinkFrom } from "@/lib/pwa/shared-link";

type Params = Record<string, string | string[] | undefined> & { kind?: string | string[]; page?: string | string[]; de?: string | string[] };
type Props = { searchParams: Promise<Params> };

/**
 * What /dashboard/add?kind=… adds: any block kind the registry knows (no
 * kind: a link). Shared from another app (the manifest's share_target:
 * ?url=&title=&text=), a YouTube or Spotify address with no kind asked
 * becomes a player, with the other kind offered above the form.
 */
function pageFor(params: Params) {
  const shared = sharedLinkFrom(params);
  const asked = typeof params.kind === "string" ? params.kind : (shared?.kind ?? blocks.names[0]);
  // A kind that sells is offered only where selling is on (api.md, Selling with Pix).
  const offered = isBlockKind(asked) && !(blocks.get(asked)?.menu?.sells && !sellingConfig());
  const name = (offered ? asked : blocks.names[0]) as BlockKindName;
  const kind = blocks.get(name)!;
  const { Editor, wide } = BLOCK_EDITORS[name];
  const initial = shared ? { url: shared.url, title: shared.title } : undefined;
  const form = (
    <>
      {offersSharedKind(shared, name) ? <SharedKindOffer shared={shared} shown={name} /> : null}
      {name === blocks.names[0] && !shared ? <FromLinktree open={params.de === "linktree"} /> : null}
      <Editor kind={name} initial={initial} />
    </>
  );
  return { title: kind.text.add, description: kind.text.addHint, wide, form };
}

/**
 * 'Trazer do Linktree', folded above a new link's form (a native disclosure:
 * keyboard and screen readers know it); open when 'Páginas' sent the person
 * here for it (?de=linktree).
 */
function FromLinktree({ open }: { open: boolean }) {
  return (
    <details open={open} className="group mb-6 rounded-xl border bg-muted/30 p-3 sm:p-4" data-testid="from-linktree">
      <summary className="cursor-pointer list-none font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
        <span aria-hidden="true" className="mr-1 inline-block transition-transform group-open:rotate-90">
          ›
        </span>
        {linktreeStrings.open}
        <span className="mt-1 block text-sm font-normal text-muted-foreground">{linktreeStrings.openHint}</span>
      </summary>
      <div className="mt-4">
        <LinktreeImport />
      </div>
    </details>
  );
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return { title: pageFor(await searchParams).title };
}

export default async function AddLinkPage({ searchParams }: Props) {
  // A page the person does not manage is not found.
  await requireOwnerPage(searchParams);
  const { title, description, wide, form } = pageFor(await searchParams);
  return (
    <LinkPageShell title={title} description={description} wide={wide}>
      {form}
    </LinkPageShell>
  );
}
