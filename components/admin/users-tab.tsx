"use client";

import { useState } from "react";
import type { AdminUserRow } from "@/lib/admin/admin-types";
import { useAdminUsers, useDebouncedValue, useRecheckOnDenied, useToggleAdmin } from "@/lib/admin/use-admin";
import { adminStrings } from "@/lib/strings/admin";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ListMessage, LoadMore, SearchBox } from "./list-parts";
import { useConfirmedToggle } from "./use-confirmed-toggle";
import { UsersList, UsersListSkeleton } from "./users-list";

const strings = { admin: adminStrings };

const t = strings.admin.users;

export function UsersTab({ currentUserId }: { currentUserId: string }) {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim());
  const list = useAdminUsers(q);
  const toggle = useToggleAdmin();
  const { target, setTarget, confirm } = useConfirmedToggle<AdminUserRow, unknown>(toggle, t);
  useRecheckOnDenied(list.error ?? toggle.error);

  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section aria-label={strings.admin.tabs.users} className="space-y-4">
      <SearchBox id="admin-users-search" label={t.searchLabel} placeholder={t.searchPlaceholder} value={search} onChange={setSearch} />
      {list.isPending ? (
        <UsersListSkeleton />
      ) : list.isError && !rows.length ? (
        <ListMessage kind="error" text={strings.admin.list.loadFailed} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <ListMessage kind="empty" text={t.empty} />
      ) : (
        <>
          <UsersList rows={rows} currentUserId={currentUserId} onToggle={setTarget} />
          <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
        </>
      )}
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={target?.isAdmin ? t.revokeTitle : t.grantTitle}
        description={target ? (target.isAdmin ? t.revokeText : t.grantText)(target.name, target.username) : ""}
        confirmLabel={target?.isAdmin ? t.revoke : t.grant}
        destructive={target?.isAdmin}
        busy={toggle.isPending}
        onConfirm={confirm}
      />
    </section>
  );
}
