import "server-only";
import { env } from "./env";

/** The host people see in profile addresses (vitrine.app, localhost:3000...). */
export function publicHost(headers: Headers): string {
  const configured = env().NEXT_PUBLIC_APP_URL;
  if (configured) return new URL(configured).host;
  return headers.get("x-forwarded-host") ?? headers.get("host") ?? "localhost:3000";
}
