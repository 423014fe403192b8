import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from "zod-openapi";
import { API_SCOPES, scopeFor } from "@/lib/permissions/api-scopes";
import type { ApiDoc } from "@/lib/server/route-api";
import { apiReferenceStrings } from "@/lib/strings/api-reference";
import { answerShape } from "./answer-shape";
import { apiOperations, type ApiOperation } from "./api-routes";

// GET /api/openapi.json: the OpenAPI 3.1 description of every endpoint a key
// may call, generated from the routes' own declarations (api-routes.ts): the
// zod schemas that validate their requests and those their answers are
// checked against. An empty schema (z.unknown()) is refused by the generator.

const t = apiReferenceStrings;

const errorBody = z.object({ message: z.string(), errors: z.record(z.string(), z.string()).optional() });
const pageQuery = z.object({ page: z.string().optional().meta({ description: t.pageParam }) });

const refusal = (description: string) => ({ description, content: { "application/json": { schema: errorBody } } });

function success(api: ApiDoc): ZodOpenApiResponseObject {
  if (api.response) return { description: answerShape(api.response), content: { "application/json": { schema: api.response } } };
  const files = Object.entries(api.files);
  return { description: t.file(files.map(([type]) => type)), content: Object.fromEntries(files.map(([type, schema]) => [type, { schema }])) };
}

function operation({ method, path, permission, onPage, api, body, params }: ApiOperation): ZodOpenApiOperationObject {
  const scope = scopeFor(permission);
  if (!scope) throw new Error(`${method} ${path}: no scope holds ${permission} (lib/permissions/api-scopes.ts)`);
  const query = onPage ? (api.query ? pageQuery.extend(api.query.shape) : pageQuery) : api.query;
  return {
    operationId: `${method.toLowerCase()}${path
      .replace(/[{}]/g, "")
      .replace(/\/(\w)/g, (_, c: string) => c.toUpperCase())
      .replace(/[^A-Za-z0-9]/g, "")}`,
    summary: api.summary,
    tags: [scope.split(":")[0]!],
    security: [{ apiKey: [scope] }],
    "x-scope": scope,
    requestParams: { ...(query ? { query } : {}), ...(params ? { path: params as z.ZodObject } : {}) },
    ...(body ? { requestBody: { required: true, content: { "application/json": { schema: body } } } } : {}),
    ...(api.multipart ? { requestBody: { required: true, content: { "multipart/form-data": { schema: api.multipart } } } } : {}),
    responses: {
      [String(api.status ?? 200)]: success(api),
      "400": refusal(t.refusals.invalid),
      "401": refusal(t.refusals.unknownKey),
      "403": refusal(t.refusals.forbidden),
      "404": refusal(t.refusals.notFound),
      "429": { ...refusal(t.refusals.tooMany), headers: { "Retry-After": { schema: { type: "integer" } } } },
    },
  };
}

export function openApiDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of apiOperations()) paths[op.path] = { ...paths[op.path], [op.method.toLowerCase()]: operation(op) };
  return createDocument({
    openapi: "3.1.0",
    info: { title: t.title, version: "1.0.0", description: t.intro },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", bearerFormat: "vt_…", description: t.scopes(API_SCOPES.join(", ")) },
      },
    },
    paths,
  });
}
