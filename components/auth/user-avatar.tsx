import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { cn } from "@/lib/utils";

// Initials drawn locally (no external avatar service), on a colour taken from the name.
const PALETTE = ["#6d28d9", "#2563eb", "#059669", "#db2777", "#ea580c", "#0891b2", "#7c3aed", "#ca8a04"];

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase() || "?";
}

export function colourOf(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}

export function UserAvatar({ name, src, className }: { name: string; src?: string | null; className?: string }) {
  return (
    <Avatar className={cn("size-9", className)}>
      {src ? <AvatarImage src={src} alt={name} className="object-cover" /> : null}
      <AvatarFallback className="font-semibold text-white" style={{ backgroundColor: colourOf(name) }} aria-label={name}>
        {initialsOf(name)}
      </AvatarFallback>
    </Avatar>
  );
}
