// Which pages need a session, and where sign-in may send someone back to.
// Shared by proxy.ts (which only redirects) and the layouts (which decide).

/** Cookie names Auth.js uses for the session, over http and https. */
export const SESSION_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token"] as const;

const PROTECTED = [/^\/dashboard(\/.*)?$/, /^\/settings\/?$/, /^\/cover\/?$/, /^\/pages\/?$/, /^\/admin(\/.*)?$/];
const GUEST_ONLY = [/^\/login\/?$/, /^\/register\/?$/];

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED.some((re) => re.test(pathname));
}

export function isGuestOnlyPath(pathname: string): boolean {
  return GUEST_ONLY.some((re) => re.test(pathname));
}

/**
 * A path on this site to return to after sign-in, or /dashboard. Anything
 * that could leave the site (//evil.com, /\evil.com, https://..., control
 * characters, and paths such as /.//evil.com that only become //evil.com once
 * dot segments are resolved) falls back to /dashboard.
 */
export function safeCallbackPath(value: string | null | undefined): string {
  const fallback = "/dashboard";
  if (!value || value.length > 512) return fallback;
  if (!isLocalPath(value) || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const url = new URL(value, "http://vitrine.invalid");
    const result = `${url.pathname}${url.search}${url.hash}`;
    if (url.origin !== "http://vitrine.invalid" || !isLocalPath(result)) return fallback;
    if (isGuestOnlyPath(url.pathname)) return fallback;
    return result;
  } catch {
    return fallback;
  }
}

/** Starts with one slash and not two: browsers read //host and /\host as another site. */
function isLocalPath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\");
}

/**
 * /login's address that comes back to `callbackUrl` (a safe path), at the code
 * step when asked, taking a recovery code when `recovery` (a link that works
 * without JavaScript).
 */
export function loginPath(callbackUrl: string, codeStep = false, recovery = false): string {
  const query = new URLSearchParams();
  if (codeStep) query.set("etapa", "codigo");
  if (codeStep && recovery) query.set("recuperacao", "1");
  if (callbackUrl !== "/dashboard") query.set("callbackUrl", callbackUrl);
  const text = query.toString();
  return text ? `/login?${text}` : "/login";
}
