// GET /uploads/{file} — public; a stored image (DATA_DIR/uploads), or 404.
import { z } from "zod";
import { serveUpload } from "@/lib/images/serve-upload";
import { route } from "@/lib/server/http";

export const GET = route({
  params: z.object({ file: z.string() }),
  handler: ({ params }) => serveUpload(params.file),
});
