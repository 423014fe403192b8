"use client";

import { lazyComponent } from "@/components/ui/lazy-component";

// Google's button is drawn only when GOOGLE_CLIENT_ID is set: its code loads
// only then.
export const GoogleButton = lazyComponent(() => import("./google-button").then((m) => m.GoogleButton));
