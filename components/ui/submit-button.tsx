import type { ComponentProps, ReactNode } from "react";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";

type Props = Omit<ComponentProps<typeof Button>, "type" | "children"> & {
  /** The form is being sent: the button is disabled, spins and says `busyLabel`. */
  busy: boolean;
  busyLabel: string;
  /** An icon shown before the label while not busy. */
  icon?: ReactNode;
  children: ReactNode;
};

/** A form's submit button with its sending state (spinner and pt-BR label). */
export function SubmitButton({ busy, busyLabel, icon, disabled, children, ...props }: Props) {
  return (
    <Button {...props} type="submit" disabled={busy || disabled}>
      {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : (icon ?? null)}
      {busy ? busyLabel : children}
    </Button>
  );
}
