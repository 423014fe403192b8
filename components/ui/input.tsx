import * as React from "react";

import { keepTyped } from "@/lib/client/kept-typing";
import { cn } from "@/lib/utils";
import { inputClassName } from "./styles";

/** A text field (what is typed before React has it is kept: lib/client/kept-typing.ts). */
function Input({ className, type, ref, ...props }: React.ComponentProps<"input">) {
  return <input type={type} data-slot="input" className={cn(inputClassName, className)} {...props} ref={keepTyped(ref)} />;
}

export { Input };
