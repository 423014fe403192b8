// PUT /api/uploads/:uploadId/:index — signed in; one part (≤ 4 MiB, raw bytes) of an image sent in parts.
// Kept out of the proxy's matcher (it skips /api/): the body is counted here.
import { readImagePart } from "@/lib/images/read-image-form";
import { storeUploadPart } from "@/lib/images/upload-parts";
import { uploadPartParamsSchema } from "@/lib/images/upload-schemas";
import { route } from "@/lib/api/route";

export const PUT = route({
  auth: "user",
  params: uploadPartParamsSchema,
  handler: async ({ req, params, session }) => {
    await storeUploadPart(session.user.id, params.uploadId, params.index, await readImagePart(req));
    return new Response(null, { status: 204 });
  },
});
