"use client";

import { useState } from "react";
import { cn } from "@/lib/utils";

import { colourOf, initialsOf } from "@/lib/profile/initials";

/**
 * The photo, or initials on a colour (also while the photo loads, and if it
 * cannot be loaded). `decorative` when the element around it already names
 * the person or the action (the account menu's button): then the avatar says
 * nothing to assistive technology, and its initials are drawn by CSS, like a
 * picture, so they are not taken for the button's visible label.
 * Plain elements, not Radix's Avatar: the dashboard's first script draws it.
 */
export function UserAvatar({ name, src, className, decorative = false }: { name: string; src?: string | null; className?: string; decorative?: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  const photo = src && failed !== src ? src : null;
  const fallback = "absolute inset-0 flex items-center justify-center rounded-full font-semibold text-white select-none";
  return (
    <span data-slot="avatar" className={cn("relative flex size-9 shrink-0 overflow-hidden rounded-full", className)} aria-hidden={decorative || undefined}>
      {/* The initials: under the photo while it loads, instead of it when it cannot be loaded; named only when they stand alone. */}
      <span
        className={cn(fallback, decorative && "before:content-[attr(data-initials)]")}
        style={{ backgroundColor: colourOf(name) }}
        data-initials={decorative ? initialsOf(name) : undefined}
        role={decorative || photo ? undefined : "img"}
        aria-label={decorative || photo ? undefined : name}
        aria-hidden={!decorative && photo ? true : undefined}
      >
        {decorative ? null : initialsOf(name)}
      </span>
      {photo ? (
        <img src={photo} alt={decorative ? "" : name} className="relative aspect-square size-full object-cover" onError={() => setFailed(photo)} />
      ) : null}
    </span>
  );
}
