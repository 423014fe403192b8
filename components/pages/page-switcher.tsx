"use client";

import { clsx } from "clsx";
import { usePathname, useSearchParams } from "next/navigation";
import { ChevronDownIcon } from "@/components/ui/light-icons";
import { withPage } from "@/lib/client/page-scope";
import type { PageRole } from "@/lib/permissions/page-permissions";
import { pagesStrings } from "@/lib/strings/pages";
import { roleLabel } from "./role-label";

const t = pagesStrings;

export interface SwitcherPage {
  username: string;
  name: string;
  role: PageRole;
}

/** The owner screens that name a page; elsewhere a page opens on its dashboard. */
const OWNER_SCREENS = /^\/(dashboard(\/stats)?|settings|cover)$/;

/**
 * The page switcher of the owner's header (only for a person with more than
 * one page). A disclosure of plain links: the first press opens it with no
 * request and no script of its own (the browser's <details>), and each link
 * opens the same screen for the other page, its address naming the page.
 * Loaded by page-switcher-lazy.tsx, for a person with several pages only; its
 * classes are joined with clsx and its icon is plain SVG, so it stays small.
 */
export function PageSwitcher({ pages }: { pages: SwitcherPage[] }) {
  const pathname = usePathname();
  const current = (useSearchParams() as URLSearchParams | null)?.get("page") ?? pages[0]?.username;
  const screen = OWNER_SCREENS.test(pathname) ? pathname : "/dashboard";
  const shown = pages.find((p) => p.username === current) ?? pages[0];
  return (
    <details className="group relative">
      <summary
        className="flex h-9 max-w-[11rem] cursor-pointer list-none items-center gap-1 rounded-md border border-input px-3 text-sm font-medium hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none [&::-webkit-details-marker]:hidden"
        aria-label={`${t.switcherLabel}: @${shown?.username ?? ""}`}
      >
        <span className="truncate">@{shown?.username}</span>
        <ChevronDownIcon className="size-4 shrink-0 transition-transform group-open:rotate-180" />
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-md border bg-popover p-1 text-popover-foreground shadow-md">
        <p className="px-2 py-1.5 text-xs font-medium text-muted-foreground">{t.switcherLabel}</p>
        <ul>
          {pages.map((p) => (
            <li key={p.username}>
              <a
                href={withPage(screen, p.username)}
                aria-current={p.username === shown?.username ? "page" : undefined}
                className={clsx(
                  "flex flex-col rounded-sm px-2 py-1.5 text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none",
                  p.username === shown?.username && "bg-accent/60",
                )}
              >
                <span className="truncate font-medium">{p.name}</span>
                <span className="truncate text-xs text-muted-foreground">
                  @{p.username} · {roleLabel(p.role)}
                </span>
              </a>
            </li>
          ))}
        </ul>
        <a
          href="/pages"
          className="mt-1 block rounded-sm border-t px-2 py-2 text-sm font-medium hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
        >
          {t.title}
        </a>
      </div>
    </details>
  );
}
