"use client";

import { useEffect } from "react";
import { whenLoadedAndIdle } from "@/lib/client/after-load";

// The installable dashboard (api.md, The owner's phone): the owner screens
// register public/sw.js once the page has loaded and the browser is idle, so
// the worker's download and start never compete with the page's own first
// paint or first press. The public profile never mounts this.

export const SERVICE_WORKER_URL = "/sw.js";

export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    return whenLoadedAndIdle(() => void navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" }).catch(() => undefined));
  }, []);
  return null;
}
