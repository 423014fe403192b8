"use client";

import dynamic from "next/dynamic";

// The account menu's code (its button, then the menu: user-menu-button.tsx) is
// loaded only by pages that draw it, for a signed-in visitor: signed-out pages
// share this header.
export const UserMenu = dynamic(() => import("./user-menu-button").then((m) => m.UserMenuButton));
