import { clsx } from "clsx";
import { SpinnerIcon } from "@/components/ui/light-icons";
import { keepTyped } from "@/lib/client/kept-typing";
import { buttonVariants, inputClassName, labelClassName } from "@/components/ui/styles";

/**
 * Label, control, hint and the field's error, wired for screen readers. Plain
 * elements and class names only: it is part of the sign-in pages' first script.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={clsx("grid gap-2", className)}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function fieldAria(id: string, error?: string, hint?: boolean) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

/** A text input with a fixed prefix (the profile host, +55). */
export function PrefixedInput({ prefix, className, ref, ...props }: React.ComponentProps<"input"> & { prefix: string }) {
  return (
    <div
      className={clsx(
        "flex h-10 w-full items-center overflow-hidden rounded-md border border-input bg-background shadow-xs transition focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50 has-[[aria-invalid=true]]:border-destructive",
        className,
      )}
    >
      <span className="flex h-full shrink-0 items-center border-r bg-muted px-3 text-sm text-muted-foreground" aria-hidden="true">
        {prefix}
      </span>
      <input {...props} ref={keepTyped(ref)} className="h-full min-w-0 flex-1 bg-transparent px-3 text-base outline-none md:text-sm" />
    </div>
  );
}

/** A plain text input with the app's look, for the light forms (no tailwind-merge). */
export function TextInput({ className, ref, ...props }: React.ComponentProps<"input">) {
  return <input data-slot="input" className={clsx(inputClassName, className)} {...props} ref={keepTyped(ref)} />;
}

/** The light forms' submit button: disabled, spinning and saying `busyLabel` while sending. */
export function FormSubmit({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: React.ReactNode }) {
  return (
    <button type="submit" data-slot="button" disabled={busy} className={buttonVariants({ size: "lg" })}>
      {busy ? (
        <>
          <SpinnerIcon className="animate-spin" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
