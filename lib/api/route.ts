import "server-only";
import { z } from "zod";
import { pageAccess, pageParam, type PageAccess, type Permission } from "@/lib/pages/page-access";
import { bearerKey, countKeyCall, keyForbidden, rateLimitHeaders, requireScope, resolveKey, type KeyAccess } from "@/lib/api-keys/api-key-auth";
import { lookUpHost } from "@/lib/domains/host-list";
import { AppError, toErrorResponse } from "@/lib/server/errors";
import { formRedirect, formRefusal, isFormPost, parseFormFields, type FormPost } from "@/lib/server/form-post";
import { JSON_BODY_LIMIT, json, readBody, readJson, refuseDeclaredTooLarge } from "@/lib/server/http";
import { isCrossSiteWrite } from "@/lib/server/request";
import { checkedInTests, type ApiDoc } from "@/lib/server/route-api";
import { sessionFromRequest, type CurrentSession } from "@/lib/server/session";

// The one wrapper every route handler goes through (STYLE.md habit 1):
// parse → authorise → call one feature function → respond. It joins the
// plumbing of lib/server (bodies, errors, forms, sessions) to the features
// that say who may call: API keys (lib/api-keys), a caller's page
// (lib/pages/page-access.ts) and the custom domains (lib/domains/host-list.ts),
// so it lives above them, and lib/server imports none of them.

type Schema = z.ZodType;
type Infer<S> = S extends Schema ? z.infer<S> : undefined;

/** public: no session needed; user: 401 without one; admin: also 403 unless an administrator. */
type AuthMode = "public" | "user" | "admin";
type SessionFor<A extends AuthMode> = A extends "public" ? null : CurrentSession;

interface HandlerContext<B, P, A extends AuthMode = "public", G extends Permission | undefined = undefined> {
  req: Request;
  body: B;
  params: P;
  session: SessionFor<A>;
  /** The page the request acts on (?page=USERNAME, else the caller's first page; or the path's page id), when the route names a permission. */
  page: G extends Permission ? PageAccess : null;
  /** The API key the request came with (then `session` is its account's), or null for a session. */
  apiKey: KeyAccess | null;
}

interface RouteOptions<B extends Schema | undefined, P extends Schema | undefined, A extends AuthMode, G extends Permission | undefined> {
  auth?: A;
  /**
   * The route acts on a page: the permission it needs there, asked of the
   * role table (lib/permissions/page-permissions.ts). A page the caller does
   * not manage → 404; a role that may not → 403.
   */
  page?: G;
  /**
   * Where the request names its page: `?page=USERNAME` (the default; absent:
   * the first page), or `path`: the path's `id` parameter is the page's id
   * (/api/pages/{id}/…). Either way the same check.
   */
  pageFrom?: "query" | "path";
  /**
   * The route is part of the public API (`Authorization: Bearer vt_…`, api.md
   * "Public API and webhooks"): what the OpenAPI document says of it
   * (lib/server/route-api.ts). A key needs a scope holding the route's one
   * permission (`page`, or `api.permission` for a route on no page), and acts
   * with its account's role on the page (read at each call) within its pages;
   * it needs no Origin (it carries no cookie). Without `api` the route refuses
   * every key with 403 `A chave não tem permissão para isso` (account endpoints).
   */
  api?: ApiDoc<G extends Permission ? true : false>;
  body?: B;
  params?: P;
  /** Bytes a JSON body may have (default 1 MB). */
  maxBodyBytes?: number;
  /** The handler also takes its page's <form method="post"> (JavaScript off): lib/server/form-post.ts. */
  form?: FormPost;
  /**
   * The route also answers on a page's own domain (a count, a sign-up: api.md,
   * Custom domains). Every other route answers 404 there, before anything is
   * read (proxy.ts leaves API routes alone: it would hold their bodies).
   */
  customDomain?: boolean;
  handler: (ctx: HandlerContext<Infer<B>, Infer<P>, A, G>) => Promise<Response | object>;
}

type NextContext = { params: Promise<Record<string, string | string[]>> };

/** What a route declares, kept on its handler for the API's document (lib/api-docs/api-routes.ts). */
export interface RouteDeclaration {
  page?: Permission;
  body?: Schema;
  params?: Schema;
  api?: ApiDoc;
}

export type RouteHandler = ((req: Request, context?: NextContext) => Promise<Response>) & { readonly declared: RouteDeclaration };

export function route<
  B extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  A extends AuthMode = "public",
  G extends Permission | undefined = undefined,
>(options: RouteOptions<B, P, A, G>): RouteHandler {
  const handle = async (req: Request, context?: NextContext): Promise<Response> => {
    const form = options.form && req.method === "POST" && isFormPost(req) ? options.form : null;
    let fields: Record<string, string> = {};
    // Every keyed answer carries the key's RateLimit-* headers (once the key is known).
    let limits: Record<string, string> | undefined;
    try {
      if (!options.customDomain && lookUpHost(req.headers.get("host"))) throw new AppError("not_found");
      const mode = options.auth ?? (options.page ? "user" : "public");
      const keyed = mode === "public" ? null : bearerKey(req);
      // A cookie write must come from our own origin; a keyed one carries no cookie, so no Origin is asked.
      if (!keyed && isCrossSiteWrite(req)) throw new AppError("cross_site");
      let apiKey: KeyAccess | null = null;
      let session: SessionFor<A>;
      if (keyed) {
        const found = await resolveKey(keyed);
        const state = await countKeyCall(found.session.user.id);
        limits = rateLimitHeaders(state);
        if (!state.allowed) throw new AppError("rate_limited", { retryAfter: state.retryAfterSeconds });
        if (mode === "admin") throw keyForbidden();
        requireScope(found.key, options.api ? (options.page ?? options.api.permission) : undefined);
        apiKey = found.key;
        session = found.session as SessionFor<A>;
      } else {
        session = (await authorise(req, mode)) as SessionFor<A>;
      }
      const only = { pageIds: apiKey?.pageIds ?? null };
      // Once the caller is known (a stranger gets 401 whatever it sends), a body declared too large
      // is refused before any page is read.
      if (form || options.body) refuseDeclaredTooLarge(req, options.maxBodyBytes ?? JSON_BODY_LIMIT);
      const fromPath = options.pageFrom === "path";
      // A page named by ?page= is resolved before the path is read (a link's id is checked against the page).
      let page = (options.page && session && !fromPath ? await pageAccess(session.user.id, { username: pageParam(req) }, options.page, only) : null) as PageOf<
        A,
        G
      >;
      const params = (options.params ? options.params.parse((await context?.params) ?? {}) : undefined) as Infer<P>;
      let raw: unknown;
      if (form) {
        const parsed = parseFormFields(new TextDecoder().decode(await readBody(req, options.maxBodyBytes ?? JSON_BODY_LIMIT)), form.booleans);
        fields = parsed.fields;
        raw = parsed.input;
        form.check?.parse(raw);
      } else if (options.body) {
        raw = await readJson(req, options.maxBodyBytes ?? JSON_BODY_LIMIT);
      }
      const body = (options.body ? options.body.parse(raw) : undefined) as Infer<B>;
      // A page named by the path is resolved once the body is known good (parse, then authorise):
      // a bad body gets its 400 or 413 whatever page it names.
      if (options.page && session && fromPath) page = (await pageAccess(session.user.id, { id: pathPageId(params) }, options.page, only)) as PageOf<A, G>;
      const result = await options.handler({ req, body, params, session, page, apiKey });
      const answer = result instanceof Response ? result : json(result);
      return form ? formRedirect(answer, await form.next(answer, fields)) : withHeaders(answer, limits);
    } catch (error) {
      const { status, body, headers } = toErrorResponse(error);
      // A cross-site form gets the plain refusal, never a way back; any other refusal (a 403 of the
      // feature's own, 'Este convite é para outro e-mail') goes back to the form's page with its message.
      const crossSite = error instanceof AppError && error.code === "cross_site";
      if (form && !crossSite) return formRefusal(req, form, fields, status, body);
      return json(body, { status, headers: { ...headers, ...limits } });
    }
  };
  const declared: RouteDeclaration = { page: options.page, body: options.body, params: options.params, api: options.api };
  return Object.assign(options.api ? checkedInTests(handle, options.api) : handle, { declared });
}

/** The answer with `extra` headers added (a handler's Response may have immutable headers). */
function withHeaders(answer: Response, extra: Record<string, string> | undefined): Response {
  if (!extra) return answer;
  const headers = new Headers(answer.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
}

type PageOf<A extends AuthMode, G extends Permission | undefined> = HandlerContext<unknown, unknown, A, G>["page"];

/** The page id of a path's parameters (`pageFrom: "path"`: a route whose params schema has `id`). */
function pathPageId(params: unknown): string {
  const id = (params as { id?: unknown } | undefined)?.id;
  if (typeof id !== "string") throw new Error("route: pageFrom 'path' needs an `id` path parameter");
  return id;
}

/** Authorisation happens here, inside the handler, whatever the proxy did. */
async function authorise(req: Request, mode: AuthMode): Promise<CurrentSession | null> {
  if (mode === "public") return null;
  const session = await sessionFromRequest(req);
  if (!session) throw new AppError("unauthorized");
  if (mode === "admin" && !session.user.isAdmin) throw new AppError("forbidden");
  return session;
}
