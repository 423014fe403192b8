"use client";

import { ShieldCheck, ShieldMinus, ShieldPlus } from "lucide-react";
import { UserAvatar } from "@/components/auth/user-avatar";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { AdminUserRow } from "@/lib/admin/admin-types";
import { adminStrings } from "@/lib/strings/admin";
import { Badge } from "./list-parts";

const strings = { admin: adminStrings };

const t = strings.admin.users;

function RoleBadge({ row }: { row: AdminUserRow }) {
  return row.isAdmin ? (
    <Badge tone="primary">
      <ShieldCheck className="size-3.5" aria-hidden="true" />
      {t.admin}
    </Badge>
  ) : (
    <Badge tone="muted">{t.member}</Badge>
  );
}

function ToggleButton({ row, self, onToggle }: { row: AdminUserRow; self: boolean; onToggle: (row: AdminUserRow) => void }) {
  const Icon = row.isAdmin ? ShieldMinus : ShieldPlus;
  const label = row.isAdmin ? t.revoke : t.grant;
  if (self) {
    // Not `disabled`: a disabled button cannot be focused, so keyboard and
    // screen-reader users would never hear why. aria-disabled keeps it in the
    // tab order, does nothing when pressed, and points at the visible reason.
    const hintId = `admin-self-hint-${row.id}`;
    return (
      <>
        <Button
          size="sm"
          variant="outline"
          aria-disabled="true"
          aria-describedby={hintId}
          className="cursor-not-allowed opacity-60"
          onClick={(e) => e.preventDefault()}
        >
          <Icon aria-hidden="true" />
          {label}
        </Button>
        <p id={hintId} className="mt-1 basis-full text-right text-xs text-muted-foreground">
          {t.selfHint}
        </p>
      </>
    );
  }
  return (
    <Button size="sm" variant="outline" onClick={() => onToggle(row)} aria-label={`${label} @${row.username}`}>
      <Icon aria-hidden="true" />
      {label}
    </Button>
  );
}

function Identity({ row, self }: { row: AdminUserRow; self: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <UserAvatar name={row.name} src={row.avatarUrl} className="size-10" />
      <div className="min-w-0">
        <p className="truncate font-medium">
          {row.name}
          {self ? <span className="ml-2 text-xs font-normal text-muted-foreground">({t.you})</span> : null}
        </p>
        <p className="truncate text-sm text-muted-foreground">@{row.username}</p>
      </div>
    </div>
  );
}

/** A table on wide screens, cards on phones. */
export function UsersList({ rows, currentUserId, onToggle }: { rows: AdminUserRow[]; currentUserId: string; onToggle: (row: AdminUserRow) => void }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border bg-card shadow-sm md:block">
        <table className="w-full text-sm">
          <thead className="border-b bg-muted/50 text-left text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                {t.user}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t.email}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t.role}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                <span className="sr-only">{strings.admin.pages.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b last:border-0 hover:bg-muted/30" data-testid={`user-row-${row.username}`}>
                <td className="px-4 py-3">
                  <Identity row={row} self={row.id === currentUserId} />
                </td>
                <td className="max-w-64 truncate px-4 py-3 text-muted-foreground">{row.email}</td>
                <td className="px-4 py-3">
                  <RoleBadge row={row} />
                </td>
                <td className="px-4 py-3 text-right">
                  <ToggleButton row={row} self={row.id === currentUserId} onToggle={onToggle} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Phones: one compact row per user, not a card. */}
      <ul className="divide-y rounded-xl border bg-card shadow-sm md:hidden">
        {rows.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center gap-x-3 px-3 py-2.5" data-testid={`user-card-${row.username}`}>
            <UserAvatar name={row.name} src={row.avatarUrl} className="size-8" />
            <div className="min-w-0 flex-1">
              <p className="flex min-w-0 items-center gap-2">
                <span className="truncate text-sm font-semibold">{row.name}</span>
                {row.id === currentUserId ? <span className="shrink-0 text-xs text-muted-foreground">({t.you})</span> : null}
              </p>
              <p className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
                <RoleBadge row={row} />
                <span className="truncate">
                  @{row.username} · {row.email}
                </span>
              </p>
            </div>
            <ToggleButton row={row} self={row.id === currentUserId} onToggle={onToggle} />
          </li>
        ))}
      </ul>
    </>
  );
}

export function UsersListSkeleton() {
  return (
    <div className="space-y-3" aria-busy="true">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 rounded-xl border bg-card p-4">
          <Skeleton className="size-10 rounded-full" />
          <div className="space-y-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-20" />
          </div>
          <Skeleton className="ml-auto h-8 w-28" />
        </div>
      ))}
    </div>
  );
}
