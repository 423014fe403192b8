// Vitrine's service worker (api.md, The owner's phone: the installable
// dashboard). Registered by the owner screens only
// (components/pwa/service-worker-registration.tsx), scope "/".
//
// What it keeps, and nothing else: the build's static files (/_next/static/,
// content-hashed: a new build has new names), the manifest's icons and the
// offline page. Never a page (the owner's pages are signed-in HTML), never
// /api, never anything but a successful same-origin GET of those paths.
// Pages always come from the network; when the network fails, the offline
// page (public/offline.html, pt-BR, from lib/strings/pwa.ts) is shown.
//
// A new VERSION makes a new cache and deletes the old ones on activation:
// change it whenever this file, the icons or the offline page change.

const VERSION = "v1";
const CACHE = `vitrine-static-${VERSION}`;
const CACHE_PREFIX = "vitrine-static-";
const OFFLINE_PAGE = "/offline.html";
const PRECACHE = [OFFLINE_PAGE, "/icons/icon-192.png", "/icons/icon-512.png", "/icons/maskable-512.png"];
/** Build files kept at most (oldest first out): a few builds' worth. */
const MAX_STATIC_ENTRIES = 300;

self.addEventListener("install", (event) => {
  event.waitUntil(
    Promise.all([caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "reload" })))), bypassWorker(event)]).then(
      () => self.skipWaiting(),
    ),
  );
});

/**
 * Where the browser knows static routes (Chromium's ServiceWorker static
 * routing), the API and stored images go straight to the network without
 * waking this worker: a press that calls the API waits for nothing here.
 */
async function bypassWorker(event) {
  if (typeof event.addRoutes !== "function" || typeof URLPattern !== "function") return;
  try {
    await event.addRoutes(
      ["/api/*", "/uploads/*", "/og/*"].map((pathname) => ({ condition: { urlPattern: new URLPattern({ pathname }) }, source: "network" })),
    );
  } catch {
    // Not supported in this form: the fetch handler below lets them through anyway.
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
      // Pages load from the network while the worker starts, not after.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

/** A static, public, versioned file this worker may keep. */
function isCacheable(url) {
  if (url.origin !== self.location.origin) return false;
  if (url.pathname.startsWith("/_next/static/")) return true;
  return PRECACHE.includes(url.pathname);
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event));
    return;
  }
  const url = new URL(request.url);
  if (isCacheable(url)) event.respondWith(cacheFirst(event, request));
  // Everything else (the API, images, the manifest) goes to the network untouched.
});

/** Always the network (never stored); the offline page only when it cannot be reached. */
async function navigate(event) {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: CACHE });
    return offline ?? Response.error();
  }
}

async function cacheFirst(event, request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic" && !/no-store|private/.test(response.headers.get("cache-control") ?? "")) {
    const copy = response.clone();
    event.waitUntil(cache.put(request, copy).then(() => trim(cache)));
  }
  return response;
}

async function trim(cache) {
  const keys = await cache.keys();
  const build = keys.filter((key) => new URL(key.url).pathname.startsWith("/_next/static/"));
  await Promise.all(build.slice(0, Math.max(0, build.length - MAX_STATIC_ENTRIES)).map((key) => cache.delete(key)));
}
