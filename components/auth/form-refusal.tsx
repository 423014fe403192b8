/** A form's refusal shown in the page (a form sent with JavaScript off gets no toast). */
export function FormRefusal({ title, text }: { title: string; text: string }) {
  return (
    <div role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 px-4 py-3 text-sm">
      <p className="font-semibold text-destructive">{title}</p>
      <p className="mt-1 text-foreground">{text}</p>
    </div>
  );
}
