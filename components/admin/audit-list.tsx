"use client";

import { Ban, CheckCircle2, Flag, History, MailCheck, MessageSquare, Power, PowerOff, ShieldMinus, ShieldPlus } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/admin/admin-format";
import type { AdminAuditRow } from "@/lib/admin/admin-types";
import { useAdminAudit, useRecheckOnDenied } from "@/lib/admin/use-admin";
import { adminStrings } from "@/lib/strings/admin";
import { ListMessage, LoadMore } from "./list-parts";

const strings = { admin: adminStrings };

const t = strings.admin.audit;
const ICONS: Record<string, typeof History> = {
  "page.deactivate": PowerOff,
  "page.activate": Power,
  "admin.grant": ShieldPlus,
  "admin.revoke": ShieldMinus,
  "report.close": CheckCircle2,
  "appeal.create": MessageSquare,
  "domain.block": Ban,
  "domain.unblock": Flag,
  "signups.lift": MailCheck,
};

function AuditItem({ row }: { row: AdminAuditRow }) {
  const Icon = ICONS[row.action] ?? History;
  return (
    <li className="flex gap-3 py-3">
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 text-sm">
        <p className="break-words">
          <strong className="font-semibold">{row.actor?.name || t.someone}</strong> {t.actions[row.action] ?? t.unknownAction}{" "}
          <strong className="font-semibold">{row.target ? `${row.target.name} (@${row.target.username})` : (row.note ?? "—")}</strong>
        </p>
        {row.target && row.note ? <p className="mt-0.5 break-words text-muted-foreground">“{row.note}”</p> : null}
        <p className="mt-0.5 text-xs text-muted-foreground">
          <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
        </p>
      </div>
    </li>
  );
}

export function AuditList() {
  const audit = useAdminAudit();
  useRecheckOnDenied(audit.error);
  const rows = audit.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="admin-audit-title" className="space-y-3">
      <div>
        <h2 id="admin-audit-title" className="text-lg font-semibold">
          {t.title}
        </h2>
        <p className="text-sm text-muted-foreground">{t.description}</p>
      </div>
      {audit.isPending ? (
        <div className="space-y-3 rounded-xl border bg-card p-4" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
      ) : audit.isError && !rows.length ? (
        <ListMessage kind="error" text={strings.admin.list.loadFailed} onRetry={() => void audit.refetch()} />
      ) : rows.length === 0 ? (
        <ListMessage kind="empty" text={t.empty} />
      ) : (
        <>
          <ol className="divide-y rounded-xl border bg-card px-4 shadow-sm" data-testid="audit-list">
            {rows.map((row) => (
              <AuditItem key={row.id} row={row} />
            ))}
          </ol>
          <LoadMore hasMore={audit.hasNextPage} loading={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()} />
        </>
      )}
    </section>
  );
}
