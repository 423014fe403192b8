import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIES, isGuestOnlyPath, isProtectedPath } from "@/lib/auth/routes";

// Redirects only, on the presence of a session cookie. Whether the session is
// valid is decided again by the owner/admin layouts and by every handler.
export function proxy(request: NextRequest) {
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
  return NextResponse.next();
}

export const config = {
  // Pages only: API routes authorise themselves, and upload bodies must not
  // pass through the proxy (it cuts them at 10 MB).
  matcher: ["/dashboard/:path*", "/settings", "/cover", "/admin/:path*", "/login", "/register"],
};
