"use client";

import { useId, type ReactNode } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/lib/utils";

/**
 * A fieldset of checkboxes over a list of values (an API key's scopes or
 * pages, a webhook's events): `selected` in, the new selection out, in the
 * list's own order. Each row is at least 44 px tall and its box 24 px (WCAG
 * 2.2's target size); a value's `hint` (a line of explanation, the code for
 * developers) describes its box without being part of its name. Enter on a box
 * does not submit the form it sits in (Space ticks it, as everywhere).
 */
export function CheckboxGroup<V extends string>({
  legend,
  options,
  selected,
  onChange,
  label = (value) => <code>{value}</code>,
  hint,
  columns = false,
}: {
  legend: ReactNode;
  options: readonly V[];
  selected: readonly V[];
  onChange: (next: V[]) => void;
  label?: (value: V) => ReactNode;
  hint?: (value: V) => ReactNode;
  /** Two columns from the small breakpoint up (short names). */
  columns?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-1">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className={cn("grid grid-cols-1 gap-x-4", columns && "sm:grid-cols-2")}>
        {options.map((value, i) => {
          const described = hint ? `${id}-${i}-hint` : undefined;
          return (
            <div key={value} className="flex min-h-11 items-start gap-3 py-2">
              <Checkbox
                id={`${id}-${i}`}
                className="size-6 bg-[length:1.125rem]"
                checked={selected.includes(value)}
                aria-describedby={described}
                onKeyDown={(event) => {
                  if (event.key === "Enter") event.preventDefault();
                }}
                onCheckedChange={(on) => onChange(options.filter((v) => (v === value ? on : selected.includes(v))))}
              />
              <div className="grid min-w-0 gap-0.5 pt-0.5 text-sm">
                <label htmlFor={`${id}-${i}`} className="cursor-pointer font-medium">
                  {label(value)}
                </label>
                {hint ? (
                  <span id={described} className="text-xs break-words text-muted-foreground">
                    {hint(value)}
                  </span>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
