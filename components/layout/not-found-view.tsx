import { CompassIcon } from "@/components/ui/light-icons";
import { buttonVariants } from "@/components/ui/styles";
import { notFoundStrings } from "@/lib/strings/not-found";

const strings = { notFound: notFoundStrings };

export function NotFoundView({ title = strings.notFound.title, text = strings.notFound.text }: { title?: string; text?: string }) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-6 py-24 text-center">
      <div className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <CompassIcon className="size-8" />
      </div>
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted-foreground">{text}</p>
      {/* A plain link (a full load of the home page): next/link here would put its code in every page's first script, which carries this view. */}
      <a href="/" className={buttonVariants({ size: "lg", className: "mt-8" })}>
        {strings.notFound.home}
      </a>
    </section>
  );
}
