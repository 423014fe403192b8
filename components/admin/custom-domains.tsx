"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { formatDateTime } from "@/lib/admin/admin-format";
import { api, ApiError } from "@/lib/client/api";
import { domainsStrings } from "@/lib/strings/domains";

const strings = { domains: domainsStrings };
const t = strings.domains.admin;

interface DomainRow {
  id: string;
  domain: string;
  status: string;
  since: string;
  page: { id: string; username: string; name: string };
}

const KEY = ["admin", "custom-domains"] as const;

/** The custom domains (page, status, since), each removable. Absent where the feature is off (the list answers 404). */
export function CustomDomains() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: () => api<DomainRow[]>("/api/admin/domains"), retry: false });
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/admin/domains/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
  if (list.error instanceof ApiError && list.error.status === 404) return null;
  return (
    <section aria-labelledby="custom-domains-title" className="space-y-3 pt-4">
      <h2 id="custom-domains-title" className="text-lg font-semibold">
        {t.title}
      </h2>
      {list.data && list.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.empty}</p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card shadow-sm" data-testid="custom-domains">
          {(list.data ?? []).map((row) => (
            <li key={row.id} className="flex flex-wrap items-center gap-3 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate font-mono text-sm">{row.domain}</p>
                <p className="text-xs text-muted-foreground">
                  {t.page}: {row.page.name} (@{row.page.username}) · {t.status}: {strings.domains.card.statuses[row.status] ?? row.status} · {t.since}{" "}
                  {formatDateTime(row.since)}
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                disabled={remove.isPending}
                aria-label={t.removeLabel(row.domain)}
                onClick={() =>
                  remove.mutate(row.id, {
                    onSuccess: () => toast({ description: t.removed }),
                    onError: (e) => toast({ variant: "destructive", description: e instanceof ApiError ? e.message : t.remove }),
                  })
                }
              >
                <Trash2 aria-hidden="true" />
                {t.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
