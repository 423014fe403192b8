import "server-only";
import { json } from "@/lib/server/http";
import type { SignInResult } from "./sign-in-mutations";

/** `{user}` with the session cookie; with two-factor on, `{twoFactorRequired}` with the second step's cookie and no session. */
export function signedInResponse(result: SignInResult, status = 200): Response {
  if ("twoFactorRequired" in result) return json({ twoFactorRequired: true }, { headers: { "set-cookie": result.cookie } });
  return json({ user: result.user }, { status, headers: { "set-cookie": result.session.cookie } });
}
