import { QueryProvider } from "@/components/providers/query-provider";
import { requireSession } from "@/lib/server/current-user";

// /admin needs a session (else /login), whatever proxy.ts did; the page decides on the admin flag.
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  await requireSession();
  return <QueryProvider>{children}</QueryProvider>;
}
