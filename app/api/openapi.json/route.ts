// GET /api/openapi.json — public; the OpenAPI 3.1 document of every endpoint an API key may call.
import { openApiDocument } from "@/lib/api-docs/openapi";
import { json, route } from "@/lib/server/http";

let document: unknown;

export const GET = route({
  handler: async () => json((document ??= openApiDocument()), { headers: { "cache-control": "public, max-age=300" } }),
});
