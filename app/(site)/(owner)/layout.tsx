import { QueryProvider } from "@/components/providers/query-provider";
import { requireSession } from "@/lib/server/current-user";

// Every owner page checks the session here, whatever proxy.ts did. The query
// cache is here, not in the root layout: signed-out pages do without it.
export default async function OwnerLayout({ children }: { children: React.ReactNode }) {
  await requireSession();
  return <QueryProvider>{children}</QueryProvider>;
}
