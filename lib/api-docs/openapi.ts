import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { API_SCOPES } from "@/lib/permissions/api-scopes";
import { API_ROUTES, type ApiRoute } from "./api-routes";

// GET /api/openapi.json: the OpenAPI 3.1 description of every endpoint a key
// may call, generated from the schemas that validate them (api-routes.ts).

const errorBody = z.object({ message: z.string(), errors: z.record(z.string(), z.string()).optional() });
const pageQuery = z.object({ page: z.string().optional().meta({ description: "Nome de usuário da página; ausente: a primeira página da conta (ou da chave)" }) });

const refusal = (description: string) => ({ description, content: { "application/json": { schema: errorBody } } });

function operation(r: ApiRoute): ZodOpenApiOperationObject {
  const query = r.path === "/api/pages" ? r.query : r.query ? pageQuery.extend(r.query.shape) : pageQuery;
  return {
    operationId: `${r.method}${r.path.replace(/[{}]/g, "").replace(/\/(\w)/g, (_, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, "")}`,
    summary: r.summary,
    tags: [r.scope.split(":")[0]!],
    security: [{ apiKey: [r.scope] }],
    "x-scope": r.scope,
    requestParams: { ...(query ? { query } : {}), ...(r.params ? { path: r.params } : {}) },
    ...(r.body ? { requestBody: { required: true, content: { "application/json": { schema: r.body } } } } : {}),
    ...(r.multipart ? { requestBody: { required: true, content: { "multipart/form-data": { schema: r.multipart } } } } : {}),
    responses: {
      [String(r.status ?? 200)]: r.file ? { description: r.answer } : { description: r.answer, content: { "application/json": { schema: z.unknown() } } },
      "400": refusal("Dados inválidos"),
      "401": refusal("Chave desconhecida ou excluída"),
      "403": refusal("A chave não tem permissão para isso, ou o papel da conta na página não permite"),
      "404": refusal("Página ou recurso não encontrado"),
      "429": { ...refusal("Mais de 120 chamadas por minuto nesta chave"), headers: { "Retry-After": { schema: { type: "integer" } } } },
    },
  };
}

export function openApiDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const r of API_ROUTES) paths[r.path] = { ...paths[r.path], [r.method]: operation(r) };
  return createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "Vitrine API",
        version: "1.0.0",
        description:
          "A API pública da Vitrine. Autentique com `Authorization: Bearer vt_…` (crie a chave em Configurações → Chaves de API). Cada rota pede uma permissão (scope); a chave age com o papel da conta na página no momento da chamada. 120 chamadas por minuto por chave (cabeçalhos RateLimit-*).",
      },
      servers: [{ url: "/" }],
      components: {
        securitySchemes: {
          apiKey: { type: "http", scheme: "bearer", bearerFormat: "vt_…", description: `Permissões: ${API_SCOPES.join(", ")}` },
        },
      },
      paths,
    },
    { allowEmptySchema: { custom: true } },
  );
}
