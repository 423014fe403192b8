import { APP_NAME } from "@/lib/strings/app-name";
import { layoutStrings } from "@/lib/strings/layout";
import { cn } from "@/lib/utils";

const strings = { layout: layoutStrings };

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn("size-8 shrink-0", className)}>
      <rect width="64" height="64" rx="16" className="fill-primary" />
      <path d="M18 20h8l6 18 6-18h8L36 46h-8z" fill="#fff" />
    </svg>
  );
}

export function Logo({ href = "/", className }: { href?: string; className?: string }) {
  return (
    <a
      href={href}
      className={cn("inline-flex items-center gap-2 rounded-lg font-bold tracking-tight text-foreground", className)}
      aria-label={`${APP_NAME} — ${strings.layout.home}`}
    >
      <LogoMark />
      <span className="text-xl">{APP_NAME}</span>
    </a>
  );
}
