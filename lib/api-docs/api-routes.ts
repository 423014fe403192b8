import "server-only";
import type { z } from "zod";
import type { Permission } from "@/lib/permissions/page-permissions";
import type { RouteHandler } from "@/lib/api/route";
import type { ApiDoc } from "@/lib/server/route-api";
import * as pages from "@/app/api/pages/route";
import * as user from "@/app/api/user/route";
import * as links from "@/app/api/links/route";
import * as linksReorder from "@/app/api/links/reorder/route";
import * as link from "@/app/api/links/[id]/route";
import * as linkPix from "@/app/api/links/[id]/pix/route";
import * as linkStats from "@/app/api/links/[id]/stats/route";
import * as linksExport from "@/app/api/links/export/route";
import * as linksImport from "@/app/api/links/import/route";
import * as stats from "@/app/api/stats/route";
import * as statsExport from "@/app/api/stats/export/route";
import * as subscribers from "@/app/api/subscribers/route";
import * as subscribersExport from "@/app/api/subscribers/export/route";
import * as webhooks from "@/app/api/webhooks/route";
import * as webhook from "@/app/api/webhooks/[id]/route";
import * as webhookTest from "@/app/api/webhooks/[id]/test/route";
import * as webhookDeliveries from "@/app/api/webhooks/[id]/deliveries/route";
import * as orders from "@/app/api/orders/route";
import * as ordersExport from "@/app/api/orders/export/route";
import * as orderRefund from "@/app/api/orders/[id]/refund/route";

// The operations an API key may call, collected from the routes' own
// declarations (route({ page, body, params, api }) in each route.ts): this
// file only says where each route module answers. The OpenAPI document
// (openapi.ts) is generated from them, and a test
// (app/api/openapi.json/openapi.test.ts) fails when a route.ts that declares
// `api` is missing here.

const MODULES: Record<string, Record<string, unknown>> = {
  "/api/pages": pages,
  "/api/user": user,
  "/api/links": links,
  "/api/links/reorder": linksReorder,
  "/api/links/{id}": link,
  "/api/links/{id}/pix": linkPix,
  "/api/links/{id}/stats": linkStats,
  "/api/links/export": linksExport,
  "/api/links/import": linksImport,
  "/api/stats": stats,
  "/api/stats/export": statsExport,
  "/api/subscribers": subscribers,
  "/api/subscribers/export": subscribersExport,
  "/api/webhooks": webhooks,
  "/api/webhooks/{id}": webhook,
  "/api/webhooks/{id}/test": webhookTest,
  "/api/webhooks/{id}/deliveries": webhookDeliveries,
  "/api/orders": orders,
  "/api/orders/export": ordersExport,
  "/api/orders/{id}/refund": orderRefund,
};

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

export interface ApiOperation {
  method: Method;
  /** OpenAPI path: /api/links/{id}. */
  path: string;
  /** The one permission the route names, asked of a key's scopes and of the caller's role. */
  permission: Permission;
  /** The route acts on a page (`?page=`). */
  onPage: boolean;
  api: ApiDoc;
  body?: z.ZodType;
  params?: z.ZodType;
  /** The exported handler itself (the tests call each operation through it). */
  handler: RouteHandler;
}

/** The paths this file lists (the test compares them with the route files that declare `api`). */
export const API_PATHS = Object.keys(MODULES);

/** Every operation a key may call, in the order above. */
export function apiOperations(): ApiOperation[] {
  return Object.entries(MODULES).flatMap(([path, module]) =>
    METHODS.flatMap((method) => {
      const handler = module[method] as RouteHandler | undefined;
      const declared = handler?.declared;
      const permission = declared?.page ?? declared?.api?.permission;
      if (!handler || !declared?.api || !permission) return [];
      return [{ method, path, permission, onPage: Boolean(declared.page), api: declared.api, body: declared.body, params: declared.params, handler }];
    }),
  );
}
