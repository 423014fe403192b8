"use client";

import { lazyComponent } from "@/components/ui/lazy-component";

// The header is part of every page's first script (the not-found boundary
// draws it); the switcher's code loads only where a person with several pages
// sees it, like the account menu (components/layout/user-menu-lazy.tsx).
export const PageSwitcher = lazyComponent(() => import("./page-switcher").then((m) => m.PageSwitcher));
