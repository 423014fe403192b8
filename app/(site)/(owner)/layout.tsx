import { EarlyInput } from "@/components/layout/early-input";
import { QueryProvider } from "@/components/providers/query-provider";
import { requireSession } from "@/lib/server/current-user";

// Every owner page checks the session here, whatever proxy.ts did. The query
// cache is here, not in the root layout: signed-out pages do without it. So is
// the held-input script (lib/server/early-input.ts): these pages' switches,
// tabs and dialogs act through their scripts only, and their forms have no
// route of their own to post to, so what is typed or pressed before React has
// the page is held for it.
export default async function OwnerLayout({ children }: { children: React.ReactNode }) {
  await requireSession();
  return (
    <>
      <EarlyInput />
      <QueryProvider>{children}</QueryProvider>
    </>
  );
}
