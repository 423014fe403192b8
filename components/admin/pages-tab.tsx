"use client";

import { useState } from "react";
import type { AdminPageRow } from "@/lib/admin/admin-types";
import { useAdminPages, useDebouncedValue, useRecheckOnDenied, useTogglePageStatus } from "@/lib/admin/use-admin";
import { adminStrings } from "@/lib/strings/admin";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DeactivateDialog } from "./deactivate-dialog";
import { ListMessage, LoadMore, SearchBox } from "./list-parts";
import { useConfirmedToggle } from "./use-confirmed-toggle";
import { PagesList, PagesListSkeleton } from "./pages-list";
import { SignUpStops } from "./signup-stops";
import { CustomDomains } from "./custom-domains";

const strings = { admin: adminStrings };

const t = strings.admin.pages;

export function PagesTab() {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim());
  const list = useAdminPages(q);
  const toggle = useTogglePageStatus();
  const { target, setTarget, confirm } = useConfirmedToggle<AdminPageRow, unknown>(toggle, t);
  useRecheckOnDenied(list.error ?? toggle.error);

  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section aria-label={strings.admin.tabs.pages} className="space-y-4">
      <SignUpStops />
      <SearchBox id="admin-pages-search" label={t.searchLabel} placeholder={t.searchPlaceholder} value={search} onChange={setSearch} />
      {list.isPending ? (
        <PagesListSkeleton />
      ) : list.isError && !rows.length ? (
        <ListMessage kind="error" text={strings.admin.list.loadFailed} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <ListMessage kind="empty" text={t.empty} />
      ) : (
        <>
          <PagesList rows={rows} onToggle={setTarget} />
          <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
        </>
      )}
      <CustomDomains />
      {/* Deactivating asks for the reason the owner will read, as from 'Denúncias'; reactivating only confirms. */}
      <DeactivateDialog
        username={target?.active ? target.userName : null}
        title={t.deactivateTitle}
        description={target ? `${t.deactivateText(target.name, target.userName)} ${t.reasonNote}` : ""}
        busy={toggle.isPending}
        onClose={() => setTarget(null)}
        onConfirm={(reason) => confirm(reason)}
      />
      <ConfirmDialog
        open={target !== null && !target.active}
        onOpenChange={(open) => !open && setTarget(null)}
        title={t.activateTitle}
        description={target ? t.activateText(target.name, target.userName) : ""}
        confirmLabel={t.activate}
        busy={toggle.isPending}
        onConfirm={() => confirm()}
      />
    </section>
  );
}
