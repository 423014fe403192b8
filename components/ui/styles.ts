import { clsx } from "clsx";

// The controls' class names, apart from their components: a form that must stay
// light (the sign-in pages' first JavaScript) joins these with clsx instead of
// going through tailwind-merge (cn), which is about 7 KB of compressed script.
// Combine them only with classes that do not conflict with them.

const buttonBase = [
  "inline-flex shrink-0 items-center justify-center gap-2 font-medium whitespace-nowrap select-none",
  "transition-[color,background-color,border-color,box-shadow,opacity] outline-none",
  "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
  "disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50",
  "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
  "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
].join(" ");

const buttonTones = {
  default: "bg-primary text-primary-foreground shadow-xs hover:bg-primary/90",
  destructive: "bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90 focus-visible:ring-destructive",
  outline: "border border-input bg-background shadow-xs hover:bg-accent hover:text-accent-foreground",
  secondary: "bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80",
  ghost: "hover:bg-accent hover:text-accent-foreground",
  link: "text-primary underline-offset-4 hover:underline focus-visible:underline",
} as const;

const buttonSizes = {
  // Each size has its own corner and text size, so no class here conflicts
  // with the base (the light pages join these without tailwind-merge).
  default: "h-9 rounded-md px-4 py-2 text-sm has-[>svg]:px-3",
  sm: "h-8 gap-1.5 rounded-md px-3 text-[0.8125rem] has-[>svg]:px-2.5",
  lg: "h-11 rounded-lg px-6 text-base has-[>svg]:px-4",
  icon: "size-9 rounded-md text-sm",
} as const;

/**
 * The button's classes for a variant and size (shadcn's cva table, as a plain
 * function: no class-variance-authority in the light pages' script).
 * `null` leaves the variant or the size out.
 */
export function buttonVariants({
  variant = "default",
  size = "default",
  className,
}: { variant?: keyof typeof buttonTones | null; size?: keyof typeof buttonSizes | null; className?: string } = {}): string {
  return clsx(buttonBase, variant && buttonTones[variant], size && buttonSizes[size], className);
}

export const inputClassName = [
  // text-base em telas pequenas evita o zoom automático do iOS ao focar
  "flex h-10 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs transition-[color,border-color,box-shadow] outline-none md:text-sm",
  "placeholder:text-muted-foreground selection:bg-primary selection:text-primary-foreground",
  "file:inline-flex file:h-7 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground",
  "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40",
  "aria-invalid:border-destructive aria-invalid:ring-destructive/20 aria-invalid:focus-visible:ring-destructive/30",
  "disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50",
].join(" ");

export const labelClassName = [
  "flex items-center gap-2 text-sm leading-none font-medium select-none",
  "group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50",
  "peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
].join(" ");
