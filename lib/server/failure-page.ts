import "server-only";
import { errorsStrings } from "@/lib/strings/errors";
import { checkDatabase } from "./health";
import { provideHook } from "./host.mjs";
import { shortPageHtml } from "./short-page";

const strings = { errors: errorsStrings };

// A page (server component) that fails to render goes out from Next as an
// empty document that only JavaScript fills in, in English, with status 500.
// server.mjs sends this instead: the short pt-BR page, and 503 with
// Retry-After when the cause is the database being unreachable.

export interface FailurePage {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export async function failurePage(): Promise<FailurePage> {
  const down = !(await checkDatabase(1_500));
  return {
    status: down ? 503 : 500,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      ...(down ? { "retry-after": "5" } : {}),
    },
    body: shortPageHtml(down ? strings.errors.unavailable : strings.errors.internal),
  };
}

/** Hands failurePage to server.mjs (outside the bundle), as the profile fast path is. */
export function registerFailurePage() {
  provideHook("failurePage", failurePage);
}
