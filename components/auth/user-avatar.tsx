import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { cn } from "@/lib/utils";

import { colourOf, initialsOf } from "@/lib/profile/initials";

/**
 * The photo, or initials on a colour. `decorative` when the element around it
 * already names the person or the action (the account menu's button): then the
 * avatar says nothing to assistive technology, and its initials are drawn by
 * CSS, like a picture, so they are not taken for the button's visible label.
 */
export function UserAvatar({ name, src, className, decorative = false }: { name: string; src?: string | null; className?: string; decorative?: boolean }) {
  return (
    <Avatar className={cn("size-9", className)} aria-hidden={decorative || undefined}>
      {src ? <AvatarImage src={src} alt={decorative ? "" : name} className="object-cover" /> : null}
      {decorative ? (
        <AvatarFallback
          className="font-semibold text-white before:content-[attr(data-initials)]"
          style={{ backgroundColor: colourOf(name) }}
          data-initials={initialsOf(name)}
        />
      ) : (
        <AvatarFallback className="font-semibold text-white" style={{ backgroundColor: colourOf(name) }} aria-label={name}>
          {initialsOf(name)}
        </AvatarFallback>
      )}
    </Avatar>
  );
}
