import "server-only";
import { json } from "@/lib/server/http";
import type { ListPage } from "./keyset";
import { NEXT_CURSOR_HEADER } from "./list-paging";

/**
 * A list answers the plain array of rows api.md names, so a client that knows
 * nothing of pagination reads the first page as it expects; the cursor of the
 * next page, when there is one, rides in the X-Next-Cursor header.
 */
export function listResponse<T>(page: ListPage<T>): Response {
  return json(page.items, { headers: page.nextCursor ? { [NEXT_CURSOR_HEADER]: page.nextCursor } : {} });
}
