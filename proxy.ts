import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIES, isGuestOnlyPath, isProtectedPath } from "@/lib/auth/routes";
import { newNonce, pageSecurityHeaders } from "@/lib/server/security-headers";

// Two jobs for the app's pages: redirects on the presence of a session cookie
// (whether the session is valid is decided again by the owner/admin layouts
// and by every handler), and the per-request nonce of the page's CSP.
export function proxy(request: NextRequest) {
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

export const config = {
  // The app's pages only. Not API routes (they authorise themselves, and
  // upload bodies must not pass through the proxy: it cuts them at 10 MB),
  // not /uploads, /og or Next's static files, and not the public profile
  // (/:username, /:username/:linkId), which sends its own stricter policy.
  // Paths of three segments or more are no route of ours: the not-found page.
  matcher: [
    "/",
    "/(login|register|settings|cover|pages|invite|404|forgot-password|reset-password|verify-email)",
    "/dashboard/:path*",
    "/admin/:path*",
    "/denunciar/:username",
    "/((?!api/|uploads/|og/|_next/)[^/]+/[^/]+/.+)",
  ],
};
