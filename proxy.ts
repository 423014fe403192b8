import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIES, isGuestOnlyPath, isProtectedPath } from "@/lib/auth/routes";
import { customHostResponse } from "@/lib/domains/host-list";
import { newNonce, pageSecurityHeaders } from "@/lib/server/security-headers";

// Three jobs. On a page's own domain (an active custom domain, from memory:
// lib/domains/host-list.ts, no query): the page's paths only, rewritten to
// the page's (the page itself answered here by the profile route's fast path
// once this process has loaded it), and 404 for anything else, with no
// session cookie passed on. On the app's own pages: redirects on the
// presence of a session cookie (whether the session is valid is decided again
// by the owner/admin layouts and by every handler), and the per-request nonce
// of the page's CSP.
export function proxy(request: NextRequest): NextResponse | Promise<NextResponse> {
  const custom = customHostResponse(request);
  if (custom) return custom;
  if (!isAppPage(request.nextUrl.pathname)) return NextResponse.next();
  const nonce = newNonce();
  const security = pageSecurityHeaders(request.headers, nonce);
  const response = route(request, nonce, security["content-security-policy"]!);
  for (const [name, value] of Object.entries(security)) response.headers.set(name, value);
  return response;
}

function route(request: NextRequest, nonce: string, csp: string): NextResponse {
  const { pathname, search } = request.nextUrl;
  const hasSession = SESSION_COOKIES.some((name) => request.cookies.has(name));
  if (!hasSession && isProtectedPath(pathname)) {
    const url = new URL("/login", request.url);
    url.searchParams.set("callbackUrl", `${pathname}${search}`);
    return NextResponse.redirect(url);
  }
  if (hasSession && isGuestOnlyPath(pathname) && request.nextUrl.searchParams.get("expired") !== "1") {
    return NextResponse.redirect(new URL("/dashboard", request.url));
  }
  // Next reads the nonce from the request's CSP header and puts it on its scripts.
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", csp);
  headers.set("x-nonce", nonce);
  return NextResponse.next({ request: { headers } });
}

/**
 * The app's pages (on its own host): not API routes (they authorise
 * themselves), not /uploads, /og or Next's static files, and not the public
 * profile (/:username, /:username/:linkId) and its checkout and order pages,
 * which send their own stricter policy. Paths of three segments or more are no route of ours: the
 * not-found page.
 */
const APP_PAGES = [
  /^\/$/,
  /^\/(login|register|settings|cover|pages|invite|404|forgot-password|reset-password|verify-email)$/,
  /^\/dashboard(\/.*)?$/,
  /^\/admin(\/.*)?$/,
  /^\/denunciar\/[^/]+$/,
  // Not a page's checkout or order page (/:username/comprar/:blockId, /:username/pedido/:orderId): they send their own policy.
  /^\/(?!api\/|uploads\/|og\/|_next\/)[^/]+\/(?!(?:comprar|pedido)\/[^/]+$)[^/]+\/.+$/,
];
const isAppPage = (pathname: string) => APP_PAGES.some((re) => re.test(pathname));

export const config = {
  // Every path but the build's files and the API: a custom domain's requests
  // may name any. API routes are not matched (Next would hold a body for the
  // proxy, and cut it at 10 MB): on a custom domain the route wrapper answers
  // 404 itself (lib/api/route.ts) but for the page's counts and sign-ups.
  matcher: ["/((?!api/|_next/static/|_next/image).*)"],
};
