import type { Metadata } from "next";
import { requireSession } from "@/lib/server/current-user";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.dashboard.title };

export default async function DashboardPage() {
  const { user } = await requireSession();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{strings.dashboard.title}</h1>
      <p className="mt-2 text-muted-foreground">
        {user.name} · @{user.username}
      </p>
    </div>
  );
}
