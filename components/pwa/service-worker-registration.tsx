"use client";

import { useEffect } from "react";

// The installable dashboard (api.md, The owner's phone): the owner screens
// register public/sw.js once the page has loaded and the browser is idle, so
// the worker's download and start never compete with the page's own first
// paint or first press. The public profile never mounts this.

export const SERVICE_WORKER_URL = "/sw.js";

export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const whenIdle = typeof requestIdleCallback === "function";
    let idle: number | undefined;
    const register = () => {
      const run = () => void navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" }).catch(() => undefined);
      idle = whenIdle ? requestIdleCallback(run, { timeout: 5000 }) : Number(setTimeout(run, 1000));
    };
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
    return () => {
      window.removeEventListener("load", register);
      if (idle === undefined) return;
      if (whenIdle) cancelIdleCallback(idle);
      else clearTimeout(idle);
    };
  }, []);
  return null;
}
