"use client";

import * as React from "react";

import { cn } from "@/lib/utils";
import { keepTyped } from "@/lib/client/kept-typing";

// A native checkbox drawn like the rest of the kit: the browser gives it its
// role, its label, Space and form behaviour for free, with no script of its
// own (Radix's checkbox cost every form page ~4 KB of JavaScript). The mark
// is the same check as lucide's, drawn by app/globals.css.

function Checkbox({
  className,
  onCheckedChange,
  onChange,
  ref,
  ...props
}: Omit<React.ComponentProps<"input">, "type"> & { onCheckedChange?: (checked: boolean) => void }) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      className={cn(
        "peer size-4 shrink-0 cursor-pointer appearance-none rounded-[4px] border border-input bg-background bg-[length:0.875rem] bg-center bg-no-repeat shadow-xs transition-[color,background-color,border-color,box-shadow] outline-none",
        "checked:border-primary checked:bg-primary",
        "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
        "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
        "disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      onChange={(event) => {
        onChange?.(event);
        onCheckedChange?.(event.target.checked);
      }}
      {...props}
      ref={keepTyped(ref)}
    />
  );
}

export { Checkbox };
