"use client";

import { ExternalLink, Power, PowerOff, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/admin/admin-format";
import type { AdminReportRow } from "@/lib/moderation/moderation-types";
import { moderationStrings } from "@/lib/strings/moderation";
import { adminStrings } from "@/lib/strings/admin";
import { Badge } from "./list-parts";

const strings = { moderation: moderationStrings, admin: adminStrings };

const t = strings.moderation.admin;

export interface ReportActions {
  onClose: (row: AdminReportRow) => void;
  onDeactivate: (row: AdminReportRow) => void;
  onReactivate: (row: AdminReportRow) => void;
  busy: boolean;
}

/** One report: the page (and link), reason and details, the page's state and the owner's appeal beside it. */
export function ReportItem({ row, actions }: { row: AdminReportRow; actions: ReportActions }) {
  return (
    <li className="grid gap-2 px-3 py-3 sm:px-4" data-testid={`report-${row.username}`}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="min-w-0 truncate font-semibold">{row.name}</span>
        <a
          href={`/${row.username}`}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
          aria-label={strings.admin.pages.openPage(row.username)}
        >
          @{row.username}
          <ExternalLink className="size-3.5" aria-hidden="true" />
        </a>
        <Badge tone={row.status === "open" ? "primary" : "muted"}>{row.status === "open" ? t.openBadge : t.closedBadge}</Badge>
        {row.pageActive ? null : <Badge tone="muted">{t.pageInactive}</Badge>}
        <span className="ml-auto text-xs text-muted-foreground tabular-nums">
          <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
        </span>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-[9rem_1fr]">
        <dt className="text-muted-foreground">{t.reason}</dt>
        <dd className="font-medium">{strings.moderation.reasons[row.reason]}</dd>
        <dt className="text-muted-foreground">{t.reportedLink}</dt>
        <dd className="min-w-0 break-words">
          {row.linkId ? (
            <>
              {row.linkTitle ? <span className="font-medium">{row.linkTitle} </span> : null}
              <span className="text-muted-foreground">{row.linkUrl}</span>
            </>
          ) : (
            t.wholePage
          )}
        </dd>
        <dt className="text-muted-foreground">{t.details}</dt>
        <dd className="whitespace-pre-line break-words">{row.details || <span className="text-muted-foreground">{t.noDetails}</span>}</dd>
        {!row.pageActive && row.deactivationReason ? (
          <>
            <dt className="text-muted-foreground">{t.deactivationReason}</dt>
            <dd className="break-words">{row.deactivationReason}</dd>
          </>
        ) : null}
        {!row.pageActive && row.appeal ? (
          <>
            <dt className="font-medium text-foreground">{t.appeal}</dt>
            <dd className="rounded-lg bg-amber-50 p-2 break-words text-amber-950" data-testid="report-appeal">
              <p className="whitespace-pre-line">{row.appeal.message}</p>
              <p className="mt-1 text-xs">{t.appealOn(formatDateTime(row.appeal.createdAt))}</p>
            </dd>
          </>
        ) : null}
      </dl>
      <div className="flex flex-wrap justify-end gap-2">
        {row.pageActive ? (
          <Button size="sm" variant="destructive" disabled={actions.busy} onClick={() => actions.onDeactivate(row)}>
            <PowerOff aria-hidden="true" />
            {t.deactivate}
          </Button>
        ) : (
          <Button size="sm" disabled={actions.busy} onClick={() => actions.onReactivate(row)}>
            <Power aria-hidden="true" />
            {t.reactivate}
          </Button>
        )}
        {row.status === "open" ? (
          <Button size="sm" variant="outline" disabled={actions.busy} onClick={() => actions.onClose(row)} aria-label={t.closeFor(row.username)}>
            <X aria-hidden="true" />
            {t.close}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
