"use client";

import dynamic from "next/dynamic";

// The menu (Radix dropdown, positioning, avatar) is loaded only by pages that
// draw it, for a signed-in visitor: signed-out pages share this header.
export const UserMenu = dynamic(() => import("./user-menu").then((m) => m.UserMenu));
