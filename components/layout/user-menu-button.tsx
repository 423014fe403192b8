"use client";

import { useState, type ComponentType } from "react";
import { UserAvatar } from "@/components/auth/user-avatar";
import { userMenuStrings } from "@/lib/strings/user-menu";
import type { MenuUser } from "./user-menu";

const strings = { userMenu: userMenuStrings };

type Menu = ComponentType<{ user: MenuUser; defaultOpen?: boolean }>;
const loadMenu = (): Promise<Menu> => import("./user-menu").then((m) => m.UserMenu);

/**
 * The account menu's button, drawn at once like the menu's own; the menu
 * (Radix dropdown, positioning) is fetched when the pointer or focus reaches
 * the button, and takes its place, open, at the first click or key press.
 * Signed-in pages load only this button (user-menu-lazy.tsx) until then.
 */
export function UserMenuButton({ user }: { user: MenuUser }) {
  const [Loaded, setLoaded] = useState<Menu | null>(null);
  if (Loaded) return <Loaded user={user} defaultOpen />;
  // A form's action, not a click handler: a press made before the page's scripts have run is kept by
  // React's form replaying and opens the menu once they have (a click handler would not exist yet).
  return (
    <form action={() => loadMenu().then((menu) => setLoaded(() => menu))} className="contents">
      <button
        type="submit"
        aria-label={strings.userMenu.open}
        aria-haspopup="menu"
        aria-expanded={false}
        className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
      >
        <UserAvatar name={user.name} src={user.avatarUrl} decorative />
      </button>
    </form>
  );
}
