import "server-only";
import { z } from "zod";
import type { Permission } from "@/lib/permissions/page-permissions";
import { env } from "./env";

// What a route of the public API says of itself (route({ api })): an API key
// may call it, and the OpenAPI document (lib/api-docs) is generated from this
// with the route's own request schemas. Under Jest every answer of such a
// route is checked against this declaration, so the document cannot drift
// from what the integration tests see; in production nothing is checked.

/** What an attachment may be (an export). */
export type FileType = "text/csv" | "application/json";

interface ApiDocBase {
  /** The operation's line in the reference (lib/strings/api-reference.ts). */
  summary: string;
  /** The success status (default 200). */
  status?: number;
  /** The query the handler reads, the very schema it parses with (`?page=` is added by the document). */
  query?: z.ZodObject;
  /** A multipart body the handler reads itself (a file upload). */
  multipart?: z.ZodObject;
}

/** A JSON answer's schema, or an attachment's schema by content type. */
export type ApiAnswer = { response: z.ZodType; files?: never } | { files: Partial<Record<FileType, z.ZodType>>; response?: never };

/**
 * A route that acts on a page asks a key for its page permission; one that
 * acts on none (GET /api/pages) names here the permission a key needs.
 */
export type ApiDoc<OnPage extends boolean = boolean> = ApiDocBase & ApiAnswer & (OnPage extends true ? { permission?: never } : { permission: Permission });

/** `{ok: true}`: the answer of a change that returns nothing else. */
export const okAnswer = z.object({ ok: z.literal(true) });

type Handle<C> = (req: Request, context?: C) => Promise<Response>;

/** `handle`, whose every answer is checked against `api` when running under Jest. */
export function checkedInTests<C>(handle: Handle<C>, api: ApiDoc): Handle<C> {
  return async (req, context) => {
    const answer = await handle(req, context);
    if (env().NODE_ENV === "test") await checkAnswer(api, req, answer);
    return answer;
  };
}

/** Throws when a success answer's status, content type or body differs from the declaration (refusals are the mapper's). */
export async function checkAnswer(api: ApiDoc, req: Request, answer: Response): Promise<void> {
  if (answer.status < 200 || answer.status > 299) return;
  const where = `${req.method} ${new URL(req.url).pathname}`;
  const status = api.status ?? 200;
  if (answer.status !== status) throw new Error(`${where} answered ${answer.status}; its declaration says ${status}`);
  const type = (answer.headers.get("content-type") ?? "").split(";")[0]!.trim();
  const schema = api.response ? (type === "application/json" ? api.response : undefined) : api.files[type as FileType];
  if (!schema) throw new Error(`${where} answered ${type || "no content type"}, which its declaration does not name`);
  const text = await answer.clone().text();
  const result = schema.safeParse(type === "application/json" ? JSON.parse(text) : text);
  if (!result.success) throw new Error(`${where}: the answer does not match its declared schema\n${z.prettifyError(result.error)}`);
}
