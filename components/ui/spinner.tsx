import * as React from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { Loader2Icon } from "lucide-react";

import { cn } from "@/lib/utils";

const spinnerVariants = cva("animate-spin", {
  variants: {
    size: {
      sm: "size-4",
      default: "size-5",
      lg: "size-8",
    },
  },
  defaultVariants: {
    size: "default",
  },
});

type SpinnerProps = Omit<React.ComponentProps<"span">, "children"> &
  VariantProps<typeof spinnerVariants> & {
    /** Texto anunciado por leitores de tela. */
    label?: string;
  };

/** Indicador de carregamento acessível (role="status" + rótulo para leitores de tela). */
function Spinner({ className, size = "default", label = "Carregando...", ...props }: SpinnerProps) {
  return (
    <span role="status" data-slot="spinner" className={cn("inline-flex items-center justify-center text-current", className)} {...props}>
      <Loader2Icon aria-hidden="true" focusable="false" className={spinnerVariants({ size })} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export { Spinner, spinnerVariants, type SpinnerProps };
