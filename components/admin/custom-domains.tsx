"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useConfirmedRemoval } from "@/components/ui/use-confirmed-removal";
import { formatDateTime } from "@/lib/admin/admin-format";
import { api, ApiError } from "@/lib/client/api";
import { domainsStrings } from "@/lib/strings/domains";
import { DomainRows } from "./domain-rows";

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

/** The custom domains (page, status, since), each removable after a confirmation. Absent where the feature is off (the list answers 404). */
export function CustomDomains() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: () => api<DomainRow[]>("/api/admin/domains"), retry: false });
  const removal = useConfirmedRemoval(
    async (row: DomainRow) => {
      await api(`/api/admin/domains/${encodeURIComponent(row.id)}`, { method: "DELETE" });
      await client.invalidateQueries({ queryKey: KEY });
    },
    {
      title: (row) => t.removeTitle(row.domain),
      description: (row) => t.removeText(row.page.username),
      confirm: t.remove,
      done: () => t.removed,
      failed: t.removeFailed,
    },
  );
  if (list.error instanceof ApiError && list.error.status === 404) return null;
  const rows = list.data ?? [];
  return (
    <section aria-labelledby="custom-domains-title" className="space-y-3 pt-4">
      <h2 id="custom-domains-title" className="text-lg font-semibold">
        {t.title}
      </h2>
      {list.data && list.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.empty}</p>
      ) : (
        <DomainRows
          testId="custom-domains"
          rows={rows.map((row) => ({
            key: row.id,
            domain: row.domain,
            detail: `${t.page}: ${row.page.name} (@${row.page.username}) · ${t.status}: ${strings.domains.card.statuses[row.status] ?? row.status} · ${t.since} ${formatDateTime(row.since)}`,
          }))}
          removeText={t.remove}
          removeLabel={t.removeLabel}
          disabled={removal.busy}
          onRemoveIntent={removal.preload}
          onRemove={(id) => {
            const row = rows.find((r) => r.id === id);
            if (row) removal.ask(row);
          }}
        />
      )}
      {removal.dialog}
    </section>
  );
}
