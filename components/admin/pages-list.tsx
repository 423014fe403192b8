"use client";

import { ExternalLink, Power, PowerOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatClickRate, formatCount, formatDateTime } from "@/lib/admin/admin-format";
import type { AdminPageRow } from "@/lib/admin/admin-types";
import { adminStrings } from "@/lib/strings/admin";
import { moderationStrings } from "@/lib/strings/moderation";
import { Badge } from "./list-parts";

const strings = { admin: adminStrings, moderation: moderationStrings };

const t = strings.admin.pages;

function PageLink({ row }: { row: AdminPageRow }) {
  return (
    <a
      href={`/${row.userName}`}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
      aria-label={t.openPage(row.userName)}
    >
      @{row.userName}
      <ExternalLink className="size-3.5" aria-hidden="true" />
    </a>
  );
}

/** A deactivated page's reason and its owner's appeal, beside the page. */
function AppealNote({ row }: { row: AdminPageRow }) {
  if (row.active || (!row.appeal && !row.deactivationReason)) return null;
  const m = strings.moderation.admin;
  return (
    <p className="mt-1 line-clamp-2 text-xs break-words">
      {row.deactivationReason ? (
        <span className="text-muted-foreground">
          {m.deactivationReason}: {row.deactivationReason}.{" "}
        </span>
      ) : null}
      {row.appeal ? (
        <span className="font-medium">
          {m.appeal}: “{row.appeal.message}”
        </span>
      ) : null}
    </p>
  );
}

const StatusBadge = ({ active }: { active: boolean }) => <Badge tone={active ? "success" : "muted"}>{active ? t.active : t.inactive}</Badge>;

function ToggleButton({ row, onToggle }: { row: AdminPageRow; onToggle: (row: AdminPageRow) => void }) {
  const Icon = row.active ? PowerOff : Power;
  return (
    <Button
      size="sm"
      variant={row.active ? "outline" : "default"}
      onClick={() => onToggle(row)}
      aria-label={`${row.active ? t.deactivate : t.activate} @${row.userName}`}
    >
      <Icon aria-hidden="true" />
      {row.active ? t.deactivate : t.activate}
    </Button>
  );
}

/** A table on wide screens, cards on phones. */
export function PagesList({ rows, onToggle }: { rows: AdminPageRow[]; onToggle: (row: AdminPageRow) => void }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border bg-card shadow-sm lg:block">
        <table className="w-full text-sm">
          <thead className="border-b bg-muted/50 text-left text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                {t.name}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t.username}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t.status}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t.createdAt}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                {t.views}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                {t.clicks}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                {t.clickRate}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                <span className="sr-only">{t.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b last:border-0 hover:bg-muted/30" data-testid={`page-row-${row.userName}`}>
                <td className="max-w-64 px-4 py-3">
                  <p className="truncate font-medium">{row.name}</p>
                  <AppealNote row={row} />
                </td>
                <td className="px-4 py-3">
                  <PageLink row={row} />
                </td>
                <td className="px-4 py-3">
                  <StatusBadge active={row.active} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted-foreground tabular-nums">{formatDateTime(row.createdAt)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{formatCount(row.views)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{formatCount(row.clicks)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{formatClickRate(row.clicks, row.views)}</td>
                <td className="px-4 py-3 text-right">
                  <ToggleButton row={row} onToggle={onToggle} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Phones: one compact row per page (name, handle, figures, action), not a card. */}
      <ul className="divide-y rounded-xl border bg-card shadow-sm lg:hidden">
        {rows.map((row) => (
          <li key={row.id} className="flex items-center gap-3 px-3 py-2.5" data-testid={`page-card-${row.userName}`}>
            <div className="min-w-0 flex-1">
              <p className="flex min-w-0 items-center gap-2">
                <span className="truncate text-sm font-semibold">{row.name}</span>
                <StatusBadge active={row.active} />
              </p>
              <div className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                <PageLink row={row} />
                <span className="tabular-nums">
                  {formatCount(row.views)} {t.viewsShort} · {formatCount(row.clicks)} {t.clicksShort} · {formatClickRate(row.clicks, row.views)}
                </span>
                <span className="tabular-nums">{formatDateTime(row.createdAt)}</span>
              </div>
              <AppealNote row={row} />
            </div>
            <ToggleButton row={row} onToggle={onToggle} />
          </li>
        ))}
      </ul>
    </>
  );
}

export function PagesListSkeleton() {
  return (
    <div className="space-y-3" aria-busy="true">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex items-center gap-4 rounded-xl border bg-card p-4">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="ml-auto h-8 w-24" />
        </div>
      ))}
    </div>
  );
}
