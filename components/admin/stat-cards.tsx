import { CalendarPlus, Eye, FileText, Link2, MousePointerClick, Percent, UserPlus, Users, type LucideIcon } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { formatClickRate, formatCount } from "@/lib/admin/admin-format";
import type { AdminStats } from "@/lib/admin/admin-types";
import { adminStrings } from "@/lib/strings/admin";

const strings = { admin: adminStrings };

const t = strings.admin.stats;

interface Figure {
  label: string;
  value: string;
  hint?: string;
  icon: LucideIcon;
}

function figuresOf(s: AdminStats): Figure[] {
  return [
    { label: t.totalPages, value: formatCount(s.totalPages), hint: t.activePages(formatCount(s.activePages)), icon: FileText },
    { label: t.pagesCreatedToday, value: formatCount(s.pagesCreatedToday), hint: t.today, icon: CalendarPlus },
    { label: t.totalLinks, value: formatCount(s.totalLinks), icon: Link2 },
    { label: t.totalProfileViews, value: formatCount(s.totalProfileViews), icon: Eye },
    { label: t.totalLinkClicks, value: formatCount(s.totalLinkClicks), icon: MousePointerClick },
    { label: t.clickRate, value: formatClickRate(s.totalLinkClicks, s.totalProfileViews), hint: t.clickRateHint, icon: Percent },
    { label: t.totalUsers, value: formatCount(s.totalUsers), icon: Users },
    { label: t.usersCreatedToday, value: formatCount(s.usersCreatedToday), hint: t.today, icon: UserPlus },
  ];
}

const GRID = "grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4";

export function StatCards({ stats }: { stats: AdminStats }) {
  return (
    <dl className={GRID}>
      {figuresOf(stats).map(({ label, value, hint, icon: Icon }) => (
        <div key={label} className="flex flex-col rounded-xl border bg-card p-4 shadow-sm sm:p-5">
          <dt className="flex items-start justify-between gap-2 text-sm font-medium text-muted-foreground">
            <span>{label}</span>
            <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
          </dt>
          <dd className="mt-2 text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">{value}</dd>
          {hint ? <dd className="mt-1 text-xs text-muted-foreground">{hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

export function StatCardsSkeleton() {
  return (
    <div className={GRID}>
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="rounded-xl border bg-card p-4 shadow-sm sm:p-5">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="mt-3 h-8 w-16" />
        </div>
      ))}
    </div>
  );
}
