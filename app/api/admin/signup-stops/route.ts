// GET /api/admin/signup-stops — administrator; pages whose confirmation e-mails are stopped [{pageId, name, username, stoppedAt, waiting}].
import { listSignUpStops } from "@/lib/audience/signup-stop-admin";
import { route } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "admin", handler: async () => listSignUpStops() });
