"use client";

import type { ComponentProps, ReactNode } from "react";
import { useFormStatus } from "react-dom";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";

type Props = Omit<ComponentProps<typeof Button>, "type" | "children"> & {
  /** The form is being sent: the button is disabled, spins and says `busyLabel`. */
  busy?: boolean;
  busyLabel: string;
  /** An icon shown before the label while not busy. */
  icon?: ReactNode;
  children: ReactNode;
};

/**
 * A form's submit button with its sending state (spinner and pt-BR label). It
 * is also disabled while React says its form is pending (useFormStatus: a
 * form action, or a submit sent in a transition, lib/client/replayable-form.ts),
 * so a second press sends nothing.
 */
export function SubmitButton({ busy: sending = false, busyLabel, icon, disabled, children, ...props }: Props) {
  const busy = useFormStatus().pending || sending;
  return (
    <Button {...props} type="submit" disabled={busy || disabled}>
      {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : (icon ?? null)}
      {busy ? busyLabel : children}
    </Button>
  );
}
