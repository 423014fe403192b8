"use client";

import type { ReactNode } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/lib/utils";

/**
 * A fieldset of checkboxes over a list of values (an API key's scopes or
 * pages, a webhook's events): `selected` in, the new selection out, in the
 * list's own order.
 */
export function CheckboxGroup<V extends string>({
  legend,
  options,
  selected,
  onChange,
  label = (value) => <code>{value}</code>,
  columns = false,
}: {
  legend: ReactNode;
  options: readonly V[];
  selected: readonly V[];
  onChange: (next: V[]) => void;
  label?: (value: V) => ReactNode;
  /** Two columns from the small breakpoint up (short names). */
  columns?: boolean;
}) {
  return (
    <fieldset className="grid gap-1">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className={cn("grid grid-cols-1 gap-1", columns && "sm:grid-cols-2")}>
        {options.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <Checkbox
              checked={selected.includes(value)}
              onCheckedChange={(on) => onChange(options.filter((v) => (v === value ? on === true : selected.includes(v))))}
            />
            {label(value)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
