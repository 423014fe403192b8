import type { NextConfig } from "next";
import { BASE_SECURITY_HEADERS } from "./lib/server/base-headers";
import { OFFLINE_PAGE_HEADERS, SERVICE_WORKER_HEADERS } from "./lib/pwa/pwa-headers";

// The app's pages get their Content-Security-Policy (with a nonce per request)
// and HSTS from proxy.ts; the public profile and /uploads send their own.
const securityHeaders = Object.entries(BASE_SECURITY_HEADERS).map(([key, value]) => ({ key, value }));
const asList = (headers: Record<string, string>) => Object.entries(headers).map(([key, value]) => ({ key, value }));

// Stored images (app/uploads/[file]/route.ts sets the same): inert, never sniffed, never framed.
const uploadHeaders = [
  { key: "Content-Security-Policy", value: "default-src 'none'; sandbox" },
  { key: "X-Content-Type-Options", value: BASE_SECURITY_HEADERS["x-content-type-options"] },
  { key: "Referrer-Policy", value: BASE_SECURITY_HEADERS["referrer-policy"] },
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Loaded at run time from node_modules, not bundled: WebAssembly, native
  // addons, and the embedded database (one instance per process).
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/schema-engine-wasm",
    "@prisma/adapter-pg",
    "pg",
    "@node-rs/argon2",
    "sharp",
    // One metrics registry per process (lib/server/metrics.ts), loaded once rather than bundled into each route.
    "prom-client",
  ],
  experimental: {
    turbopackChunking: { requestCost: 50_000, minChunkSize: 20_000 },
    // Turbopack's build cache (on by default since 16.4) speeds a second build
    // of the same checkout; CI builds a fresh clone once, where writing it only
    // costs time (docs/testing.md).
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
  outputFileTracingIncludes: {
    "/**": ["./prisma/migrations/**/*", "./prisma/schema/**/*.prisma"],
  },
  async headers() {
    return [
      // Headers set here win over a route's own: /uploads gets its sandbox.
      { source: "/((?!uploads/).*)", headers: securityHeaders },
      { source: "/uploads/:file*", headers: uploadHeaders },
      // The installable dashboard's service worker and offline page (lib/pwa/pwa-headers.ts).
      { source: "/sw.js", headers: asList(SERVICE_WORKER_HEADERS) },
      { source: "/offline.html", headers: asList(OFFLINE_PAGE_HEADERS) },
      // The sign-up form's solver: its address names altcha-lib's version, so its bytes never change there
      // (a public page prefetches it once loaded, and the worker takes it from the cache: lib/blocks/kinds/subscribe/send-sign-up.browser.ts).
      { source: "/altcha/:path*", headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }] },
    ];
  },
};

export default nextConfig;
