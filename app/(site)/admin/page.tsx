import type { Metadata } from "next";
import { AccessDenied } from "@/components/admin/access-states";
import { AdminPanel } from "@/components/admin/admin-panel";
import { parseAdminTab } from "@/lib/admin/admin-tabs";
import { sellingConfig } from "@/lib/selling/selling-config";
import { requireSession } from "@/lib/server/current-user";
import { strings } from "@/lib/strings";

export const metadata: Metadata = { title: strings.admin.title };

// The admin flag is read from the database for this request: a non-admin gets
// the denied view and never the panel (every admin call refuses them too).
export default async function AdminPage({ searchParams }: { searchParams: Promise<{ tab?: string | string[] }> }) {
  const { user } = await requireSession();
  if (!user.isAdmin) return <AccessDenied />;
  const { tab } = await searchParams;
  return <AdminPanel initialTab={parseAdminTab(typeof tab === "string" ? tab : null)} currentUserId={user.id} selling={sellingConfig() !== null} />;
}
