// What a request on a custom domain may reach (api.md, Custom domains): the
// page at `/`, its own address and short links, its counts and sign-ups, its
// robots.txt and sitemap, its images; anything else is 404. Pure: proxy.ts
// (next start, Vercel) and server.mjs's fast path (npm start) decide the same
// way. A rewritten path routes the same again (both may see one request).

export type HostRoute = { rewrite: string } | { notFound: true };

/** Where the robots.txt and sitemap of a page's domain are drawn (app/sitemaps/page/[username]/…). */
export const domainFilesPath = (username: string, file: "robots.txt" | "sitemap.xml") => `/sitemaps/page/${username}/${file}`;

const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

/** `path` is the request's path and query, as received. */
export function routeCustomHost(path: string, username: string): HostRoute {
  const q = path.indexOf("?");
  const pathname = q < 0 ? path : path.slice(0, q);
  const search = q < 0 ? "" : path.slice(q);
  const pass = { rewrite: path };
  if (pathname === "/") return { rewrite: `/${username}${search}` };
  if (pathname === "/robots.txt") return { rewrite: domainFilesPath(username, "robots.txt") };
  if (pathname === "/sitemap.xml") return { rewrite: domainFilesPath(username, "sitemap.xml") };
  const parts = pathname.split("/").slice(1);
  const [first, second, third, fourth] = parts;
  // The page's own address, and its short links (/{username}/{linkId}), as on the app's host.
  if (first === username && (parts.length === 1 || (parts.length === 2 && SEGMENT.test(second ?? "")))) return pass;
  // A short link by its id alone (/{linkId}): the page's, else 'Link não encontrado'.
  if (parts.length === 1 && first && SEGMENT.test(first) && first !== username && !RESERVED_FIRST.has(first)) return { rewrite: `/${username}/${first}${search}` };
  // The page's images and its Open Graph image, the icon, the build's files.
  if (first === "uploads" && parts.length === 2) return pass;
  if (first === "og" && second === username && parts.length === 2) return pass;
  if (pathname === "/icon.svg" || pathname === "/favicon.ico") return pass;
  if (first === "_next" && second === "static") return pass;
  // The sign-up block's solver (public/altcha/…).
  if (first === "altcha") return pass;
  // Its robots.txt and sitemap, once rewritten.
  if (pathname === domainFilesPath(username, "robots.txt") || pathname === domainFilesPath(username, "sitemap.xml")) return pass;
  if (first === "api") {
    // Its view count, clicks (the link's own check decides whose), sign-ups and their challenge.
    if (second === "profiles" && third === username && fourth === "view" && parts.length === 4) return pass;
    if (second === "links" && SEGMENT.test(third ?? "") && fourth === "click" && parts.length === 4) return pass;
    if (second === "subscribe" && parts.length === 3 && SEGMENT.test(third ?? "")) return pass;
  }
  return { notFound: true };
}

/** Single segments that are the app's own files or routes, never a short link's id. */
const RESERVED_FIRST = new Set(["api", "uploads", "og", "_next", "altcha", "sitemaps", "robots.txt", "sitemap.xml", "favicon.ico", "icon.svg", "manifest.webmanifest", "sw.js"]);
