import Link from "next/link";
import { Compass } from "lucide-react";
import { Button } from "@/components/ui/button";
import { notFoundStrings } from "@/lib/strings/not-found";

const strings = { notFound: notFoundStrings };

export function NotFoundView({
  title = strings.notFound.title,
  text = strings.notFound.text,
}: {
  title?: string;
  text?: string;
}) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-6 py-24 text-center">
      <div className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <Compass className="size-8" aria-hidden="true" />
      </div>
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted-foreground">{text}</p>
      <Button asChild className="mt-8" size="lg">
        <Link href="/">{strings.notFound.home}</Link>
      </Button>
    </section>
  );
}
