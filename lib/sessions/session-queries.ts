import "server-only";
import { db } from "@/lib/server/db";
import { IDLE_TIMEOUT_MS } from "@/lib/server/session";
import { describeDevice } from "./device";

/** GET /api/user/sessions: what a session looks like to its owner (never its token). */
export interface SessionDto {
  id: string;
  current: boolean;
  device: string;
  createdAt: string;
  lastSeenAt: string;
  /** How it signed in ("password", "password+totp", "passkey"... lib/sessions/session-method.ts); null before the fourth release. */
  method: string | null;
}

/** The user's live sessions, newest first; `currentSid` is marked. */
export async function listSessions(userId: string, currentSid: string): Promise<SessionDto[]> {
  const rows = await db.session.findMany({
    // Live ones only: not past their end, and (without 'Lembrar de mim') not idle for 24 h.
    where: {
      userId,
      expires: { gt: new Date() },
      OR: [{ remember: true }, { lastSeenAt: { gt: new Date(Date.now() - IDLE_TIMEOUT_MS) } }],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, userAgent: true, createdAt: true, lastSeenAt: true, method: true },
  });
  return rows.map((r) => ({
    id: r.id,
    current: r.id === currentSid,
    device: describeDevice(r.userAgent),
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    method: r.method,
  }));
}
