import { requireSession } from "@/lib/server/current-user";

// Every owner page checks the session here, whatever proxy.ts did.
export default async function OwnerLayout({ children }: { children: React.ReactNode }) {
  await requireSession();
  return children;
}
