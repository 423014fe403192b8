import Link from "next/link";
import { ShieldX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { adminStrings } from "@/lib/strings/admin";

const strings = { admin: adminStrings };

const t = strings.admin;

/** While the server checks the administrator flag. */
export function AdminChecking() {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground">
      <Spinner size="lg" label={t.checking} />
      <p aria-hidden="true">{t.checking}</p>
    </div>
  );
}

export function AccessDenied() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-6 py-24 text-center">
      <div className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-destructive/10 text-destructive">
        <ShieldX className="size-8" aria-hidden="true" />
      </div>
      <h1 className="text-3xl font-bold tracking-tight">{t.deniedTitle}</h1>
      <p className="mt-3 text-muted-foreground">{t.deniedText}</p>
      <Button asChild className="mt-8" size="lg">
        <Link href="/dashboard">{t.backToDashboard}</Link>
      </Button>
    </section>
  );
}
