import * as React from "react";

import { cn } from "@/lib/utils";

/**
 * Bloco decorativo de carregamento. É ocultado de leitores de tela por padrão;
 * anuncie o carregamento com <Spinner /> ou aria-busy no contêiner.
 */
function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="skeleton" aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted-foreground/15", className)} {...props} />;
}

export { Skeleton };
