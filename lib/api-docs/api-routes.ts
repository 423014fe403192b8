import { z } from "zod";
import type { ApiScope } from "@/lib/permissions/api-scopes";
import { subscriberListQuerySchema } from "@/lib/audience/subscribe-schemas";
import { linkExportQuerySchema, linkIdSchema, linkInputSchema, linkPatchSchema, linkReplaceSchema, reorderArraySchema, reorderSchema } from "@/lib/links/link-schemas";
import { userPatchSchema } from "@/lib/settings/settings-schemas";
import { statsQuerySchema } from "@/lib/stats/stats-schemas";
import { createWebhookSchema, patchWebhookSchema, webhookIdParams } from "@/lib/webhooks/webhook-schemas";

// Every endpoint an API key may call, once: its method, path, scope, the very
// zod schemas its handler validates with, and what it answers. The OpenAPI
// document (lib/api-docs/openapi.ts) is generated from this list, and a test
// (openapi.integration.test.ts) fails when a route that takes keys
// (route({ key })) is missing here.

export type Method = "get" | "post" | "put" | "patch" | "delete";

export interface ApiRoute {
  method: Method;
  /** OpenAPI path: /api/links/{id}. */
  path: string;
  scope: ApiScope;
  summary: string;
  body?: z.ZodType;
  /** Multipart instead of JSON (a file upload). */
  multipart?: z.ZodType;
  query?: z.ZodObject;
  params?: z.ZodObject;
  /** The success status and what it holds. */
  status?: number;
  answer: string;
  /** The answer is a file (CSV or JSON attachment). */
  file?: boolean;
}

const importForm = z.object({
  file: z.string().meta({ format: "binary", description: "JSON ou CSV, até 200 linhas e 1 MB" }),
  dryRun: z.enum(["true", "false"]).optional(),
});

export const API_ROUTES: ApiRoute[] = [
  { method: "get", path: "/api/pages", scope: "page:read", summary: "Páginas que a conta gerencia (as da chave, se restrita)", answer: "[{id, username, name, avatarUrl, role, active}]" },
  { method: "patch", path: "/api/user", scope: "page:write", summary: "Aparência e configurações da página", body: userPatchSchema, answer: "{user}" },
  { method: "get", path: "/api/links", scope: "links:read", summary: "Links e blocos da página, em ordem", answer: "Lista de links" },
  { method: "post", path: "/api/links", scope: "links:write", summary: "Cria um link ou bloco no fim da página", body: linkInputSchema, status: 201, answer: "O link criado" },
  { method: "put", path: "/api/links", scope: "links:write", summary: "Reordena os links ([{id, order}])", body: reorderArraySchema, answer: "{ok: true}" },
  { method: "post", path: "/api/links/reorder", scope: "links:write", summary: "Reordena os links ({linkOrders})", body: reorderSchema, answer: "{ok: true}" },
  { method: "get", path: "/api/links/{id}", scope: "links:read", summary: "Um link", params: linkIdSchema, answer: "O link" },
  { method: "put", path: "/api/links/{id}", scope: "links:write", summary: "Substitui um link", params: linkIdSchema, body: linkReplaceSchema, answer: "O link alterado" },
  { method: "patch", path: "/api/links/{id}", scope: "links:write", summary: "Altera campos de um link", params: linkIdSchema, body: linkPatchSchema, answer: "O link alterado" },
  { method: "delete", path: "/api/links/{id}", scope: "links:write", summary: "Exclui um link", params: linkIdSchema, answer: "{ok: true}" },
  { method: "get", path: "/api/links/{id}/pix", scope: "links:read", summary: "O código Pix copia e cola de um bloco Pix", params: linkIdSchema, answer: "{code}" },
  { method: "get", path: "/api/links/{id}/stats", scope: "stats:read", summary: "Cliques de um link por dia e por origem", params: linkIdSchema, query: statsQuerySchema, answer: "Estatísticas do link" },
  { method: "get", path: "/api/links/export", scope: "links:read", summary: "Exporta os links (JSON ou CSV)", query: linkExportQuerySchema, answer: "Arquivo com os links", file: true },
  { method: "post", path: "/api/links/import", scope: "links:write", summary: "Importa links de um arquivo", multipart: importForm, answer: "{created, valid, errors}" },
  { method: "get", path: "/api/stats", scope: "stats:read", summary: "Estatísticas da página (dias de São Paulo)", query: statsQuerySchema, answer: "Totais, série diária, links, origens, aparelhos, países" },
  { method: "get", path: "/api/stats/export", scope: "stats:read", summary: "Série diária em CSV", query: statsQuerySchema, answer: "CSV", file: true },
  { method: "get", path: "/api/subscribers", scope: "subscribers:read", summary: "Inscritos da página, mais novos primeiro", query: subscriberListQuerySchema, answer: "{items, nextCursor}" },
  { method: "get", path: "/api/subscribers/export", scope: "subscribers:read", summary: "Todos os inscritos em CSV (dono da página)", answer: "CSV", file: true },
  { method: "get", path: "/api/webhooks", scope: "webhooks:write", summary: "Webhooks da página (dono)", answer: "[{id, url, events, active, failingSince, createdAt}]" },
  { method: "post", path: "/api/webhooks", scope: "webhooks:write", summary: "Cria um webhook; o segredo aparece só nesta resposta", body: createWebhookSchema, status: 201, answer: "{id, url, events, secret, active, createdAt}" },
  { method: "get", path: "/api/webhooks/{id}", scope: "webhooks:write", summary: "Um webhook", params: webhookIdParams, answer: "O webhook" },
  { method: "patch", path: "/api/webhooks/{id}", scope: "webhooks:write", summary: "Altera endereço, eventos ou ativo", params: webhookIdParams, body: patchWebhookSchema, answer: "O webhook alterado" },
  { method: "delete", path: "/api/webhooks/{id}", scope: "webhooks:write", summary: "Exclui um webhook e suas entregas", params: webhookIdParams, answer: "{ok: true}" },
  { method: "post", path: "/api/webhooks/{id}/test", scope: "webhooks:write", summary: "Envia um evento ping", params: webhookIdParams, status: 202, answer: "{id} da entrega" },
  { method: "get", path: "/api/webhooks/{id}/deliveries", scope: "webhooks:write", summary: "As últimas 100 entregas", params: webhookIdParams, answer: "[{id, type, status, attempts, lastStatusCode, nextAttemptAt, createdAt}]" },
];
