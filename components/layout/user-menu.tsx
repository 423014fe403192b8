"use client";

import Link from "next/link";
import { Files, LayoutDashboard, LogOut, Settings, Shield, User } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { UserAvatar } from "@/components/auth/user-avatar";
import { logout } from "@/lib/client/logout";
import { userMenuStrings } from "@/lib/strings/user-menu";
import { layoutStrings } from "@/lib/strings/layout";

const strings = { userMenu: userMenuStrings, layout: layoutStrings };

export interface MenuUser {
  name: string;
  username: string;
  email: string;
  avatarUrl: string | null;
  isAdmin: boolean;
}

/** `defaultOpen`: drawn open (components/layout/user-menu-lazy.tsx loads it on the first click). */
export function UserMenu({ user, defaultOpen = false }: { user: MenuUser; defaultOpen?: boolean }) {
  const t = strings.userMenu;
  return (
    // Not modal: the page is not hidden from assistive technology while the menu is open.
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60" aria-label={t.open}>
        <UserAvatar name={user.name} src={user.avatarUrl} decorative />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60" inline>
        <DropdownMenuLabel className="font-normal">
          <p className="truncate font-semibold">{user.name}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/dashboard" className="sm:hidden">
            <LayoutDashboard aria-hidden="true" />
            {strings.layout.dashboard}
          </Link>
        </DropdownMenuItem>
        {/* A person left with no page has no address to open. */}
        {user.username ? (
          <DropdownMenuItem asChild>
            <a href={`/${user.username}`} target="_blank" rel="noopener noreferrer">
              <User aria-hidden="true" />
              {t.profile}
            </a>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild>
          <Link href="/settings">
            <Settings aria-hidden="true" />
            {t.settings}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/pages">
            <Files aria-hidden="true" />
            {t.pages}
          </Link>
        </DropdownMenuItem>
        {user.isAdmin ? (
          <DropdownMenuItem asChild>
            <Link href="/admin">
              <Shield aria-hidden="true" />
              {t.admin}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => void logout(user.email)}>
          <LogOut aria-hidden="true" />
          {t.logout}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
