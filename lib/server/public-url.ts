import "server-only";
import { env, type Env } from "./env";

// The app's public address (api.md, Fourth release put right): profile
// addresses, canonical and Open Graph URLs, the sitemap, e-mail links and the
// passkeys' relying party are all built on it. It never comes from a request
// header: Host and X-Forwarded-Host are the client's to write (nginx passes
// the client's own Host by default), and a passkey or a reset link bound to a
// forged host would be bound to someone else's site.
//
// 1. NEXT_PUBLIC_APP_URL, as configured;
// 2. on Vercel, the project's production address over https
//    (VERCEL_PROJECT_PRODUCTION_URL, a system variable the platform sets);
// 3. otherwise `http://localhost:PORT`: a safe default for development and
//    for a self-hosted instance not configured yet (its addresses then name
//    this machine only; README says to set NEXT_PUBLIC_APP_URL).

/** NEXT_PUBLIC_APP_URL, else Vercel's production address, else http://localhost:PORT. */
export function publicOrigin(e: Env = env()): string {
  if (e.NEXT_PUBLIC_APP_URL) return e.NEXT_PUBLIC_APP_URL;
  if (e.VERCEL && e.VERCEL_PROJECT_PRODUCTION_URL) return `https://${e.VERCEL_PROJECT_PRODUCTION_URL}`;
  return `http://localhost:${e.PORT}`;
}

/** The host people see in profile addresses (vitrine.app, localhost:3000...). */
export function publicHost(e: Env = env()): string {
  return new URL(publicOrigin(e)).host;
}
