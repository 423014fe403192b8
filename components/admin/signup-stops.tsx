"use client";

import { MailCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { formatDateTime } from "@/lib/admin/admin-format";
import { useLiftSignUpStop, useSignUpStops } from "@/lib/audience/use-signup-stops";
import { ApiError } from "@/lib/client/api";
import { adminStrings } from "@/lib/strings/admin";
import { commonStrings } from "@/lib/strings/common";

const t = adminStrings.signUpStops;

/** Pages whose confirmation e-mails are stopped (unanswered), each with its lift; nothing at all when there are none. */
export function SignUpStops() {
  const list = useSignUpStops();
  const lift = useLiftSignUpStop();
  const rows = list.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section
      aria-labelledby="signup-stops-title"
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/30"
    >
      <div>
        <h2 id="signup-stops-title" className="text-lg font-semibold">
          {t.title}
        </h2>
        <p className="text-sm text-muted-foreground">{t.description}</p>
      </div>
      <ul className="divide-y rounded-lg border bg-card" data-testid="signup-stops">
        {rows.map((row) => (
          <li key={row.pageId} className="flex flex-wrap items-center gap-3 px-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">
                {row.name} <span className="text-muted-foreground">@{row.username}</span>
              </p>
              <p className="text-xs text-muted-foreground">
                {t.since(formatDateTime(row.stoppedAt))} · {t.waiting(row.waiting)}
              </p>
            </div>
            <Button
              size="sm"
              variant="outline"
              disabled={lift.isPending}
              aria-label={t.liftFor(row.username)}
              onClick={() =>
                lift.mutate(row.pageId, {
                  onSuccess: () => toast({ description: t.lifted(row.username) }),
                  onError: (e) => toast({ variant: "destructive", title: commonStrings.error, description: e instanceof ApiError ? e.message : t.failed }),
                })
              }
            >
              <MailCheck aria-hidden="true" />
              {t.lift}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
