import "server-only";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";

/** DELETE /api/user/sessions/:id: ends one of the caller's sessions; another user's id is 404. */
export async function endSession(userId: string, sessionId: string): Promise<void> {
  const { count } = await db.session.deleteMany({ where: { id: sessionId, userId } });
  if (count === 0) throw new AppError("not_found");
}
