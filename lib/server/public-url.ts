import "server-only";
import { env } from "./env";

/** The host people see in profile addresses (vitrine.app, localhost:3000...). */
export function publicHost(headers: Headers): string {
  return new URL(publicOrigin(headers)).host;
}

/** NEXT_PUBLIC_APP_URL, else the origin the request came to. */
export function publicOrigin(headers: Headers): string {
  const configured = env().NEXT_PUBLIC_APP_URL;
  if (configured) return configured;
  const trust = env().TRUST_PROXY > 0;
  const host = (trust ? headers.get("x-forwarded-host") : null) ?? headers.get("host") ?? "localhost:3000";
  const proto = trust ? (headers.get("x-forwarded-proto") ?? "https") : "http";
  return `${proto}://${host}`;
}
