"use client";

import { OwnerLink } from "@/components/pages/owner-link";
import { useEffect, useRef, useState } from "react";
import { Link2, Plus } from "lucide-react";
import { blockLook, LOOKS } from "@/lib/blocks/looks";
import { LazyConfirmDialog, preloadConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useDeleteLink, useLinks, useReorderLinks, useToggleLink } from "@/lib/client/use-links";
import type { LinkDto } from "@/lib/links/link-dto";
import { linksStrings } from "@/lib/strings/links";
import { richLinksStrings } from "@/lib/strings/rich-links";
import { commonStrings } from "@/lib/strings/common";
import { blocksStrings } from "@/lib/strings/blocks";
import { SortableLinkList, moved, rowElement } from "./sortable-link-list";
import { TransferMenu } from "./transfer-menu";

const strings = { links: linksStrings, richLinks: richLinksStrings, common: commonStrings, blocks: blocksStrings };

const t = strings.links;
const r = strings.richLinks;
const failed = (description: string) => toast({ variant: "destructive", title: t.errorTitle, description });

/** While the list is fetched (the server could not read it with the page): placeholders where the rows will be. */
function RowsSkeleton() {
  return (
    <ul className="grid grid-cols-1 gap-2" aria-busy="true" aria-label={strings.common.loading}>
      {[0, 1, 2].map((i) => (
        <li key={i}>
          <Skeleton className="h-[74px] w-full rounded-xl" />
        </li>
      ))}
    </ul>
  );
}

/** `selling`: the operator turned selling on, so the blocks that sell are offered (api.md, Selling with Pix). */
export function LinksCard({ initialLinks, selling = false }: { initialLinks?: LinkDto[]; selling?: boolean } = {}) {
  const { data: links, isPending } = useLinks(initialLinks);
  const reorder = useReorderLinks();
  const toggle = useToggleLink();
  const remove = useDeleteLink();
  const [selected, setSelected] = useState<LinkDto | null>(null);
  const pendingFocus = useRef<{ id: string; up: boolean } | null>(null);

  function applyOrder(next: LinkDto[]) {
    reorder.mutate(next, {
      onSuccess: () => toast({ title: t.reordered }),
      onError: () => failed(t.reorderFailed),
    });
  }

  function reorderTo(from: number, to: number) {
    if (links) applyOrder(moved(links, from, to));
  }

  /** The move buttons: same optimistic update as a drag; focus follows the row. */
  function move(index: number, delta: -1 | 1) {
    if (!links) return;
    const to = index + delta;
    if (to < 0 || to >= links.length) return;
    pendingFocus.current = { id: links[index]!.id, up: delta < 0 };
    applyOrder(moved(links, index, to));
  }

  // Once the list is redrawn, the moved row's same button (or, at an end, the other one) gets focus back.
  useEffect(() => {
    const wanted = pendingFocus.current;
    if (!wanted) return;
    const row = rowElement(wanted.id);
    const same = row?.querySelector<HTMLButtonElement>(`[data-move="${wanted.up ? "up" : "down"}"]`);
    const other = row?.querySelector<HTMLButtonElement>(`[data-move="${wanted.up ? "down" : "up"}"]`);
    const target = same && !same.disabled ? same : other;
    if (target && !target.disabled) {
      target.focus();
      pendingFocus.current = null;
    }
  }, [links]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t.title}</h2>
        </CardTitle>
        <CardDescription>{t.dragHint}</CardDescription>
        <CardAction>
          {/* No prefetch here and on the rows: the dashboard does not download every editor in advance. */}
          <Button asChild size="sm">
            <OwnerLink href="/dashboard/add" prefetch={false}>
              <Plus aria-hidden="true" />
              {t.add}
            </OwnerLink>
          </Button>
        </CardAction>
        <div className="col-span-full mt-2 flex flex-wrap gap-2">
          <AddBlocks selling={selling} />
          <TransferMenu />
        </div>
      </CardHeader>
      {/* A pointer over the rows or focus on one of them: the delete confirmation is about to be wanted. */}
      <CardContent onPointerEnter={preloadConfirmDialog} onFocus={preloadConfirmDialog} onTouchStart={preloadConfirmDialog}>
        {isPending ? (
          <RowsSkeleton />
        ) : !links?.length ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-10 text-center">
            <div className="mb-3 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
              <Link2 className="size-6" aria-hidden="true" />
            </div>
            <p className="font-semibold">{t.emptyTitle}</p>
            <p className="mt-1 max-w-xs text-sm text-muted-foreground">{t.emptyText}</p>
            <Button asChild className="mt-5">
              <OwnerLink href="/dashboard/add" prefetch={false}>
                <Plus aria-hidden="true" />
                {t.emptyCta}
              </OwnerLink>
            </Button>
          </div>
        ) : (
          <SortableLinkList
            links={links}
            label={t.title}
            onReorder={reorderTo}
            onMove={move}
            onToggle={(link, active) =>
              toggle.mutate({ id: link.id, active }, { onSuccess: () => toast({ title: t.updated }), onError: () => failed(t.updateFailed) })
            }
            onDelete={setSelected}
          />
        )}
      </CardContent>
      <LazyConfirmDialog
        open={selected !== null}
        onOpenChange={(open) => !open && setSelected(null)}
        title={t.confirmTitle}
        description={selected ? (blockLook(selected.kind)?.section ? r.confirmSectionText : t.confirmText)(selected.title) : ""}
        confirmLabel={t.confirmDelete}
        destructive
        busy={remove.isPending}
        onConfirm={() => {
          if (!selected) return;
          remove.mutate(selected.id, {
            onSuccess: () => toast({ title: t.removed }),
            onError: () => failed(t.removeFailed),
            onSettled: () => setSelected(null),
          });
        }}
      />
    </Card>
  );
}

/**
 * The other things to add: a section, a Pix block, a player. Plain links in
 * view rather than a menu: one press to each form, working before (and
 * without) the page's scripts.
 */
function AddBlocks({ selling }: { selling: boolean }) {
  const b = strings.blocks;
  const items = LOOKS.flatMap((kind) =>
    kind.menu && (selling || !kind.menu.sells) ? [{ href: `/dashboard/add?kind=${kind.name}`, label: kind.text.add, Icon: kind.menu.icon }] : [],
  );
  return (
    <div role="group" aria-label={b.addMenuLabel} className="contents">
      {items.map(({ href, label, Icon }) => (
        <Button key={href} asChild size="sm" variant="outline">
          <OwnerLink href={href} prefetch={false}>
            <Icon aria-hidden="true" />
            {label}
          </OwnerLink>
        </Button>
      ))}
    </div>
  );
}
