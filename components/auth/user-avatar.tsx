import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { cn } from "@/lib/utils";

import { colourOf, initialsOf } from "@/lib/profile/initials";

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
