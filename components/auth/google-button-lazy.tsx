"use client";

import dynamic from "next/dynamic";

// Google's button is drawn only when GOOGLE_CLIENT_ID is set: its code loads
// only then.
export const GoogleButton = dynamic(() => import("./google-button").then((m) => m.GoogleButton));
