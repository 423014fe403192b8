"use client";

import { lazyComponent } from "@/components/ui/lazy-component";

// The account menu's code (its button, then the menu: user-menu-button.tsx) is
// loaded only by pages that draw it, for a signed-in visitor: signed-out pages
// share this header.
export const UserMenu = lazyComponent(() => import("./user-menu-button").then((m) => m.UserMenuButton));
