import { clsx } from "clsx";
import { useFormStatus } from "react-dom";
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

/**
 * The light forms' submit button: disabled, spinning and saying `busyLabel`
 * while React says its form is pending (useFormStatus: lib/client/replayable-form.ts),
 * so a second press sends nothing.
 *
 * `postTo`: the route handler the form is posted to with JavaScript off. The
 * form's action is then a function (React's, for the page with its scripts),
 * so without JavaScript the press is this button's, in <noscript>: it posts
 * the form to `postTo` (the first submit button, so Enter in a field uses it
 * too), and the scripted button is hidden (Tailwind's `noscript:` variant,
 * @media (scripting: none)).
 */
export function FormSubmit({
  busy: sending = false,
  busyLabel,
  postTo,
  children,
}: {
  busy?: boolean;
  busyLabel: string;
  postTo?: string;
  children: React.ReactNode;
}) {
  const busy = useFormStatus().pending || sending;
  return (
    <>
      {postTo ? (
        <NoScriptSubmit postTo={postTo} className={clsx(buttonVariants({ size: "lg" }), "w-full")}>
          {children}
        </NoScriptSubmit>
      ) : null}
      <button type="submit" data-slot="button" disabled={busy} className={clsx(buttonVariants({ size: "lg" }), postTo && "noscript:hidden")}>
        {busy ? (
          <>
            <SpinnerIcon className="animate-spin" />
            {busyLabel}
          </>
        ) : (
          children
        )}
      </button>
    </>
  );
}

/** A submit button that exists only without JavaScript: it posts its form to `postTo`. */
export function NoScriptSubmit({ postTo, className, children }: { postTo: string; className: string; children: React.ReactNode }) {
  return (
    <noscript>
      <button type="submit" formAction={postTo} formMethod="post" data-slot="button" className={className}>
        {children}
      </button>
    </noscript>
  );
}
