/** A page's outcome (sent, done, invalid link): icon, heading, text and what to do next. */
export function StatusMessage({
  icon,
  title,
  text,
  tone = "default",
  children,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  tone?: "default" | "error";
  children?: React.ReactNode;
}) {
  return (
    <div role="status" className="grid gap-4 text-center">
      <div
        className={
          tone === "error"
            ? "mx-auto flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive"
            : "mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary"
        }
      >
        {icon}
      </div>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">{text}</p>
      {children}
    </div>
  );
}
