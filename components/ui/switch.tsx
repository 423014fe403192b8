import * as React from "react";

import { cn } from "@/lib/utils";

/**
 * An on/off switch: a button with role="switch" (WAI-ARIA's switch pattern:
 * space and Enter press it as they press any button). Plain, not Radix's: the
 * dashboard draws one per link in its first script, and this needs no runtime.
 * A submit button when a form acts for it (a link's row: components/links/link-row.tsx).
 */
function Switch({
  className,
  type = "button",
  checked = false,
  onCheckedChange,
  onClick,
  ...props
}: Omit<React.ComponentProps<"button">, "role"> & { checked?: boolean; onCheckedChange?: (checked: boolean) => void }) {
  const state = checked ? "checked" : "unchecked";
  return (
    <button
      type={type}
      role="switch"
      aria-checked={checked}
      data-state={state}
      data-slot="switch"
      className={cn(
        "peer inline-flex h-5 w-9 shrink-0 items-center rounded-full border-2 border-transparent shadow-xs transition-colors outline-none",
        "data-[state=checked]:bg-primary data-[state=unchecked]:bg-input",
        "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
        "aria-invalid:ring-2 aria-invalid:ring-destructive/40",
        "disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange?.(!checked);
      }}
      {...props}
    >
      <span
        data-state={state}
        data-slot="switch-thumb"
        className={cn(
          "pointer-events-none block size-4 rounded-full bg-background shadow-sm ring-0 transition-transform",
          "data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0",
        )}
      />
    </button>
  );
}

export { Switch };
