// The card of the sign-in pages, in plain elements with ui/card's classes: the
// login screens draw it from their client component, and going through ui/card
// (tailwind-merge) would add about 7 KB to those pages' first script.
export function AuthCard({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
      <div data-slot="card" className="flex flex-col gap-6 rounded-xl border bg-card py-6 text-card-foreground shadow-lg">
        <div data-slot="card-header" className="grid auto-rows-min grid-rows-[auto_auto] items-start gap-1.5 px-4 text-center sm:px-6">
          <div data-slot="card-title" className="leading-tight font-semibold">
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          </div>
          <div data-slot="card-description" className="text-sm text-muted-foreground">
            {description}
          </div>
        </div>
        <div data-slot="card-content" className="px-4 sm:px-6">
          {children}
        </div>
      </div>
    </div>
  );
}

export function OrDivider({ label }: { label: string }) {
  return (
    <div className="my-6 flex items-center gap-3 text-xs uppercase text-muted-foreground" role="separator">
      <span className="h-px flex-1 bg-border" />
      {label}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
