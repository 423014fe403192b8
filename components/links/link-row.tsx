"use client";

import { OwnerLink } from "@/components/pages/owner-link";
import { useState } from "react";
import { flushSync } from "react-dom";
import type { DraggableProvided } from "@hello-pangea/dnd";
import { ArrowDown, ArrowUp, GripVertical, MousePointerClick, Pencil, Trash2 } from "lucide-react";
import { BrandIcon } from "@/components/profile/brand-icon";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { blockLook } from "@/lib/blocks/looks";
import type { LinkDto } from "@/lib/links/link-dto";
import { formatSaoPaulo, windowState } from "@/lib/links/link-schedule";
import { linkIconKind } from "@/lib/blocks/kinds/link/link-icon";
import { linksStrings } from "@/lib/strings/links";
import { richLinksStrings } from "@/lib/strings/rich-links";
import { blocksStrings } from "@/lib/strings/blocks";
import { cn } from "@/lib/utils";

const strings = { links: linksStrings, richLinks: richLinksStrings, blocks: blocksStrings };

const t = strings.links;

/**
 * The link's whole address as the row shows it (api.md, third release): the
 * scheme of http(s) and mailto:/tel: dropped, path and query kept, so
 * 'youtube.com/watch?v=abc' and 'youtube.com/watch?v=xyz' stay apart. The text
 * is whole in the DOM (screen readers read it all); CSS cuts it with an ellipsis.
 */
function wholeUrlLabel(url: string): string {
  return url.replace(/^(https?:\/\/(www\.)?|mailto:|tel:)/i, "").replace(/^([^/?#]+)\/$/, "$1");
}
const r = strings.richLinks;
/** The name of the row's buttons in its form: which one was pressed. */
const ACTION = "acao";
const b = strings.blocks;

/**
 * One row of 'Meus Links'. On a phone the title wraps to two lines above the
 * host, and the controls sit on a line of their own so every one stays reachable.
 */
export function LinkRow({
  link,
  provided,
  handleProps,
  dragging,
  first,
  last,
  onMove,
  onToggle,
  onDelete,
}: {
  link: LinkDto;
  /** dnd's props once it is loaded (components/links/link-dnd.tsx); until then the row is a plain item. */
  provided?: DraggableProvided;
  /** The keyboard's lift, move and drop on the handle (./sortable-link-list.tsx). */
  handleProps?: React.HTMLAttributes<HTMLSpanElement>;
  dragging: boolean;
  first: boolean;
  last: boolean;
  onMove: (delta: -1 | 1) => void;
  onToggle: (active: boolean) => void;
  onDelete: () => void;
}) {
  const kind = blockLook(link.kind);
  const section = Boolean(kind?.section);
  const state = windowState(link);
  // The switch flips with the press, redrawing this row alone; the list's own update (optimistic, then the
  // server's answer or the rollback) brings a new link object, which then decides.
  const [pressed, setPressed] = useState<{ link: LinkDto; active: boolean } | null>(null);
  const shownActive = pressed?.link === link ? pressed.active : link.active;
  const act = (what: FormDataEntryValue | null) => {
    if (what === "up") onMove(-1);
    else if (what === "down") onMove(1);
    else if (what === "delete") onDelete();
    else if (what === "toggle") {
      const next = !shownActive;
      // The switch flips in the document first, this row alone (flushSync: committed before anything else
      // runs, not batched with the list's update); then the request leaves, in the same task (the list's
      // optimistic update is drawn in a later one).
      flushSync(() => setPressed({ link, active: next }));
      onToggle(next);
    }
  };
  const press = (what: "up" | "down" | "toggle" | "delete") => ({
    type: "submit" as const,
    name: ACTION,
    value: what,
    onClick: (event: React.MouseEvent) => {
      event.preventDefault();
      act(what);
    },
  });
  return (
    <li
      ref={provided?.innerRef}
      {...provided?.draggableProps}
      className={cn(
        "flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl border bg-card p-2 pr-3 shadow-xs transition-shadow sm:flex-nowrap sm:gap-3",
        dragging && "shadow-lg ring-2 ring-primary/40",
        !shownActive && "bg-muted/50",
        section && "border-dashed bg-muted/30",
      )}
      data-testid="link-row"
      data-kind={link.kind}
      data-id={link.id}
    >
      <span
        role="button"
        tabIndex={0}
        {...provided?.dragHandleProps}
        {...handleProps}
        aria-label={t.dragHandle(link.title)}
        className="flex h-10 w-8 shrink-0 cursor-grab items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing"
        data-testid="drag-handle"
      >
        <GripVertical className="size-5" aria-hidden="true" />
      </span>
      <span className="hidden size-9 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-primary/10 text-primary sm:flex" aria-hidden="true">
        {kind?.rowIcon ? (
          <kind.rowIcon className="size-[18px]" />
        ) : link.thumbnailUrl ? (
          <img src={link.thumbnailUrl} alt="" width={36} height={36} className="size-9 object-cover" />
        ) : (
          <BrandIcon kind={linkIconKind(link.url ?? "")} size={18} />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <p className={cn("line-clamp-2 font-semibold break-words", !shownActive && "text-muted-foreground")} data-testid="link-title">
          {link.title}
        </p>
        {link.url ? (
          <p className="truncate text-xs text-muted-foreground" title={link.url} data-testid="link-host">
            {wholeUrlLabel(link.url)}
          </p>
        ) : null}
        <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
          {kind?.text.badge ? <Badge>{kind.text.badge}</Badge> : null}
          {link.sensitive ? (
            <Badge tone="muted" title={b.sensitiveBadgeTitle}>
              {b.sensitiveBadge}
            </Badge>
          ) : null}
          {state === "scheduled" && link.startsAt ? (
            <Badge tone="info" title={r.scheduledFrom(formatSaoPaulo(link.startsAt))}>
              {r.scheduled}
            </Badge>
          ) : null}
          {state === "expired" && link.endsAt ? (
            <Badge tone="muted" title={r.expiredAt(formatSaoPaulo(link.endsAt))}>
              {r.expired}
            </Badge>
          ) : null}
          {link.highlighted ? <Badge tone="accent">{r.highlightedBadge}</Badge> : null}
          {section ? null : (
            <span className="inline-flex items-center gap-1">
              <MousePointerClick className="size-3" aria-hidden="true" />
              <span data-testid="link-clicks">{t.clicks(link.clicks)}</span>
            </span>
          )}
        </p>
      </div>
      {/* A form of submit buttons: pressed before React has the page, the press is React's to keep and make
          once it has it (the form's action); pressed after, each button's own handler acts and nothing is submitted. */}
      <form action={(data) => act(data.get(ACTION))} className="ml-auto flex w-full shrink-0 items-center justify-end gap-1 sm:w-auto">
        <Button {...press("up")} variant="ghost" size="icon" disabled={first} aria-label={r.moveUp(link.title)} data-move="up">
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button {...press("down")} variant="ghost" size="icon" disabled={last} aria-label={r.moveDown(link.title)} data-move="down">
          <ArrowDown aria-hidden="true" />
        </Button>
        <Switch {...press("toggle")} className="mx-1" checked={shownActive} aria-label={t.activeToggle(link.title)} />
        <Button asChild variant="ghost" size="icon" className="shrink-0">
          <OwnerLink href={`/dashboard/edit/${link.id}`} prefetch={false} aria-label={t.editLabel(link.title)} title={t.edit}>
            <Pencil aria-hidden="true" />
          </OwnerLink>
        </Button>
        <Button
          {...press("delete")}
          variant="ghost"
          size="icon"
          className="shrink-0 text-destructive hover:bg-destructive/10 hover:text-destructive"
          aria-label={t.deleteLabel(link.title)}
          title={t.delete}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </form>
    </li>
  );
}

const tones = {
  plain: "bg-secondary text-secondary-foreground",
  info: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  muted: "bg-neutral-200 text-neutral-800 dark:bg-neutral-800 dark:text-neutral-100",
  accent: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
} as const;

function Badge({ tone = "plain", title, children }: { tone?: keyof typeof tones; title?: string; children: React.ReactNode }) {
  return (
    <span className={cn("rounded-full px-2 py-0.5 text-[11px] font-semibold", tones[tone])} title={title} data-testid="link-badge">
      {children}
      {title ? <span className="sr-only">{`: ${title}`}</span> : null}
    </span>
  );
}
