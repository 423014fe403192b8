import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { resolveSessionToken, sessionCookieName, tokenFromJwt, type CurrentSession } from "./session";

/** The session of the request being rendered (server components and layouts). */
export async function getCurrentSession(): Promise<CurrentSession | null> {
  const jar = await cookies();
  return resolveSessionToken(await tokenFromJwt(jar.get(sessionCookieName())?.value));
}

/** Owner pages: the signed-in user, or off to /login. */
export async function requireSession(): Promise<CurrentSession> {
  const session = await getCurrentSession();
  if (!session) redirect("/login?expired=1");
  return session;
}
