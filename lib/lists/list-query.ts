import { z } from "zod";
import { adminStrings } from "@/lib/strings/admin";
import { decodeCursor, type Keyset } from "./keyset";

const strings = { admin: adminStrings };

// ?q=&cursor=&limit= of the back office's lists, validated in the handlers.

const LIST_PAGE_SIZE = 50;
const LIST_PAGE_SIZE_MAX = 100;

const cursorSchema = z.string().transform((value, ctx): Keyset => {
  const keyset = decodeCursor(value);
  if (!keyset) {
    ctx.addIssue({ code: "custom", message: strings.admin.api.invalidCursor });
    return z.NEVER;
  }
  return keyset;
});

/** ?q=&cursor=&limit= of the lists; an empty search is no search. */
const listQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((q) => (q ? q : undefined)),
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(LIST_PAGE_SIZE_MAX).default(LIST_PAGE_SIZE),
});

export type ListQuery = z.infer<typeof listQuerySchema>;

export function parseListQuery(req: Request): ListQuery {
  const params = new URL(req.url).searchParams;
  const raw: Record<string, string> = {};
  for (const key of ["q", "cursor", "limit"]) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  return listQuerySchema.parse(raw);
}

/** Prisma passes `contains` to LIKE as is: a typed % or _ must match itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
