// GET /uploads/{file} — public; a stored image (DATA_DIR/uploads), or 404. On a page's own domain too, its page's images only.
import { z } from "zod";
import { serveUpload } from "@/lib/images/serve-upload";
import { route } from "@/lib/api/route";

export const GET = route({
  // Also on the page's own domain (api.md, Custom domains): the page's images there.
  customDomain: true,
  params: z.object({ file: z.string() }),
  handler: ({ req, params }) => serveUpload(params.file, req.headers.get("host")),
});
