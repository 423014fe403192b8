import { z } from "zod";
import { adminStrings } from "@/lib/strings/admin";
import { decodeCursor, type Keyset } from "./cursor";

const strings = { admin: adminStrings };

// Inputs of the administration API, validated in the handlers.

export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_PAGE_SIZE_MAX = 100;

const cursorSchema = z.string().transform((value, ctx): Keyset => {
  const keyset = decodeCursor(value);
  if (!keyset) {
    ctx.addIssue({ code: "custom", message: strings.admin.api.invalidCursor });
    return z.NEVER;
  }
  return keyset;
});

/** ?q=&cursor=&limit= of the lists; an empty search is no search. */
export const adminListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((q) => (q ? q : undefined)),
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE),
});

export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

export function parseListQuery(req: Request): AdminListQuery {
  const params = new URL(req.url).searchParams;
  const raw: Record<string, string> = {};
  for (const key of ["q", "cursor", "limit"]) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  return adminListQuerySchema.parse(raw);
}

/** A page's or user's id in the path (cuid; 404 when no such row). */
export const adminTargetParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
