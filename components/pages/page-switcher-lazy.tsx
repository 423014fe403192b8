"use client";

import dynamic from "next/dynamic";

// The header is part of every page's first script (the not-found boundary
// draws it); the switcher's code loads only where a person with several pages
// sees it, like the account menu (components/layout/user-menu-lazy.tsx).
export const PageSwitcher = dynamic(() => import("./page-switcher").then((m) => m.PageSwitcher));
