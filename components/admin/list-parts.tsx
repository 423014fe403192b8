"use client";

import { AlertCircle, Search, SearchX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { adminStrings } from "@/lib/strings/admin";

const strings = { admin: adminStrings };

// Pieces shared by the panel's lists.

const t = strings.admin.list;

export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div className="relative w-full sm:max-w-sm">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className="pl-9"
        autoComplete="off"
        maxLength={100}
      />
    </div>
  );
}

export function LoadMore({ hasMore, loading, onClick }: { hasMore: boolean; loading: boolean; onClick: () => void }) {
  if (!hasMore) return null;
  return (
    <div className="flex justify-center pt-2">
      <Button variant="outline" onClick={onClick} disabled={loading} aria-busy={loading}>
        {loading ? <Spinner size="sm" label={t.loadingMore} /> : null}
        {loading ? t.loadingMore : t.loadMore}
      </Button>
    </div>
  );
}

export function ListMessage({ kind, text, onRetry }: { kind: "empty" | "error"; text: string; onRetry?: () => void }) {
  const Icon = kind === "empty" ? SearchX : AlertCircle;
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center text-muted-foreground"
      role={kind === "error" ? "alert" : undefined}
    >
      <Icon className={cn("size-8", kind === "error" && "text-destructive")} aria-hidden="true" />
      <p>{text}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t.retry}
        </Button>
      ) : null}
    </div>
  );
}

export function Badge({ tone, children }: { tone: "success" | "muted" | "primary"; children: React.ReactNode }) {
  const tones = {
    success: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
    muted: "bg-muted text-muted-foreground ring-border",
    primary: "bg-primary/10 text-primary ring-primary/20",
  } as const;
  return <span className={cn("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", tones[tone])}>{children}</span>;
}
