"use client";

import Link from "next/link";
import type { DraggableProvided } from "@hello-pangea/dnd";
import { GripVertical, MousePointerClick, Pencil, Trash2 } from "lucide-react";
import { BrandIcon } from "@/components/profile/brand-icon";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import type { LinkDto } from "@/lib/links/link-dto";
import { linkIconKind } from "@/lib/profile/link-icon";
import { strings } from "@/lib/strings";
import { cn } from "@/lib/utils";

export function LinkRow({
  link,
  provided,
  dragging,
  onToggle,
  onDelete,
}: {
  link: LinkDto;
  provided: DraggableProvided;
  dragging: boolean;
  onToggle: (active: boolean) => void;
  onDelete: () => void;
}) {
  const t = strings.links;
  return (
    <li
      ref={provided.innerRef}
      {...provided.draggableProps}
      className={cn(
        "flex items-center gap-2 rounded-xl border bg-card p-2 pr-3 shadow-xs transition-shadow sm:gap-3",
        dragging && "shadow-lg ring-2 ring-primary/40",
        !link.active && "bg-muted/50",
      )}
      data-testid="link-row"
    >
      <span
        {...provided.dragHandleProps}
        aria-label={t.dragHandle(link.title)}
        className="flex h-10 w-8 shrink-0 cursor-grab items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing"
        data-testid="drag-handle"
      >
        <GripVertical className="size-5" aria-hidden="true" />
      </span>
      <span className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary sm:flex" aria-hidden="true">
        <BrandIcon kind={linkIconKind(link.url)} size={18} />
      </span>
      <div className="min-w-0 flex-1">
        <p className={cn("truncate font-semibold", !link.active && "text-muted-foreground")}>{link.title}</p>
        <p className="truncate text-xs text-muted-foreground">{link.url}</p>
        <p className="mt-0.5 flex items-center gap-1 text-xs text-muted-foreground">
          <MousePointerClick className="size-3" aria-hidden="true" />
          <span data-testid="link-clicks">{t.clicks(link.clicks)}</span>
        </p>
      </div>
      <Switch checked={link.active} onCheckedChange={onToggle} aria-label={t.activeToggle(link.title)} />
      <Button asChild variant="ghost" size="icon" className="shrink-0">
        <Link href={`/dashboard/edit/${link.id}`} aria-label={t.editLabel(link.title)} title={t.edit}>
          <Pencil aria-hidden="true" />
        </Link>
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="shrink-0 text-destructive hover:bg-destructive/10 hover:text-destructive"
        onClick={onDelete}
        aria-label={t.deleteLabel(link.title)}
        title={t.delete}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}
