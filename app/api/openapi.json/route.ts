// GET /api/openapi.json — public; the OpenAPI 3.1 document of every endpoint an API key may call.
import { openApiDocument } from "@/lib/api-docs/openapi";
import { json } from "@/lib/server/http";
import { route } from "@/lib/api/route";

let document: unknown;

export const GET = route({
  handler: async () => json((document ??= openApiDocument()), { headers: { "cache-control": "public, max-age=300" } }),
});
