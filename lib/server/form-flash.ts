import "server-only";
import { cookies } from "next/headers";
import { decodeFormFlash, FORM_FLASH_COOKIE, type FormFlash } from "./form-post";

export type { FormFlash } from "./form-post";

/**
 * A refused form's messages and values for its page (lib/server/form-post.ts),
 * read only when the address says the page comes from a refusal (`?erro=1`).
 */
export async function formFlash(searchParam: string | string[] | undefined): Promise<FormFlash | null> {
  if (searchParam !== "1") return null;
  return decodeFormFlash((await cookies()).get(FORM_FLASH_COOKIE)?.value);
}
