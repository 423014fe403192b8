import "server-only";
import { json } from "@/lib/server/http";
import type { SignedIn } from "./account-mutations";

/** `{user}` with the session cookie. */
export function signedInResponse({ user, session }: SignedIn, status = 200): Response {
  return json({ user }, { status, headers: { "set-cookie": session.cookie } });
}
