import { QueryProvider } from "@/components/providers/query-provider";
import { ServiceWorkerRegistration } from "@/components/pwa/service-worker-registration";
import { requireSession } from "@/lib/server/current-user";

// Every owner page checks the session here, whatever proxy.ts did. The query
// cache is here, not in the root layout: signed-out pages do without it.
export default async function OwnerLayout({ children }: { children: React.ReactNode }) {
  await requireSession();
  return (
    <QueryProvider>
      {children}
      {/* The installable dashboard's worker: the owner screens only, never the public page. */}
      <ServiceWorkerRegistration />
    </QueryProvider>
  );
}
