import { EarlyInput } from "@/components/layout/early-input";
import { QueryProvider } from "@/components/providers/query-provider";
import { requireSession } from "@/lib/server/current-user";

// Every owner page checks the session here, whatever proxy.ts did. The query
// cache is here, not in the root layout: signed-out pages do without it. So is
// the held-input script (lib/server/early-input.ts): the dashboard still starts
// its scripts at the first interaction, and some of these pages' forms are
// drawn before their scripts with no address to post to.
export default async function OwnerLayout({ children }: { children: React.ReactNode }) {
  await requireSession();
  return (
    <>
      <EarlyInput />
      <QueryProvider>{children}</QueryProvider>
    </>
  );
}
