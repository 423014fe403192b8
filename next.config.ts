import type { NextConfig } from "next";

const isDev = process.env.NODE_ENV !== "production";

/** First path segments of the app's pages (lib/accounts/username.test.ts keeps them reserved). */
export const APP_PAGE_ROUTES = ["login", "register", "dashboard", "settings", "cover", "admin", "404", "api", "og"];

// Google's sign-in script is the only thing loaded from another origin.
const csp = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ""} https://accounts.google.com/gsi/client`,
  "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  "connect-src 'self' https://accounts.google.com/gsi/",
  "frame-src https://accounts.google.com/gsi/",
  "frame-ancestors 'self'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join("; ");

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "SAMEORIGIN" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

// Stored images (app/uploads/[file]/route.ts sets the same): inert, never sniffed, never framed.
const uploadHeaders = [
  { key: "Content-Security-Policy", value: "default-src 'none'; sandbox" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
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
  ],
  outputFileTracingIncludes: {
    "/**": ["./prisma/migrations/**/*", "./prisma/schema.prisma"],
  },
  async headers() {
    const appCsp = [{ key: "Content-Security-Policy", value: csp }];
    return [
      // Headers set here win over a route's own: /uploads gets its sandbox.
      { source: "/((?!uploads/).*)", headers: securityHeaders },
      { source: "/uploads/:file*", headers: uploadHeaders },
      // The app's own pages. Profile pages (/:username, /:username/:linkId)
      // send a stricter policy of their own (lib/profile/render-page.ts).
      { source: "/", headers: appCsp },
      { source: `/:first(${APP_PAGE_ROUTES.join("|")})/:rest*`, headers: appCsp },
      { source: "/:a/:b/:c/:rest*", headers: appCsp },
    ];
  },
};

export default nextConfig;
