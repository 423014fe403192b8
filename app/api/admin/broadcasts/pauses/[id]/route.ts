// POST /api/admin/broadcasts/pauses/:pageId — administrator; pauses page :pageId's broadcasts (audited) → {pageId, paused: true}.
// DELETE /api/admin/broadcasts/pauses/:pageId — administrator; lifts it (audited) → {pageId, paused: false}; 404 when not paused.
import { adminTargetParams } from "@/lib/admin/admin-schemas";
import { route } from "@/lib/api/route";
import { adminLiftPage, adminPausePage } from "@/lib/broadcasts/broadcast-pause";

export const POST = route({ auth: "admin", params: adminTargetParams, handler: async ({ session, params }) => adminPausePage(session.user, params.id) });

export const DELETE = route({ auth: "admin", params: adminTargetParams, handler: async ({ session, params }) => adminLiftPage(session.user, params.id) });
