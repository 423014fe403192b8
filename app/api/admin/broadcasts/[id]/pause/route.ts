// POST /api/admin/broadcasts/:id/pause — administrator; a scheduled or sending broadcast → paused (audited); else 409.
// DELETE /api/admin/broadcasts/:id/pause — administrator; a paused broadcast goes on (sending, or scheduled if it had not started); 404 when not paused.
import { adminTargetParams } from "@/lib/admin/admin-schemas";
import { route } from "@/lib/api/route";
import { adminLiftBroadcast, adminPauseBroadcast } from "@/lib/broadcasts/broadcast-pause";

export const POST = route({ auth: "admin", params: adminTargetParams, handler: async ({ session, params }) => adminPauseBroadcast(session.user, params.id) });

export const DELETE = route({ auth: "admin", params: adminTargetParams, handler: async ({ session, params }) => adminLiftBroadcast(session.user, params.id) });
