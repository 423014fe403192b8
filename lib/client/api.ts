import { uploadTooLargeText } from "@/lib/strings/upload-limit";
import { scopedApiPath } from "./page-scope";

// The browser's way to call our API: credentials included, JSON in and out,
// and one error type that carries the server's pt-BR message and field errors.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** JSON in and out; a FormData body (an upload) is sent as multipart, with the browser's boundary. */
export async function api<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return (await apiWithHeaders<T>(path, init)).data;
}

/** The same call, also giving the reply's headers (the admin lists' X-Next-Cursor). */
export async function apiWithHeaders<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}): Promise<{ data: T; headers: Headers }> {
  const isForm = typeof FormData !== "undefined" && init.body instanceof FormData;
  // The page the screen names in its address (?page=), for a page's endpoints.
  const res = await fetch(scopedApiPath(path), {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    credentials: "include",
    headers: { accept: "application/json", ...(init.body !== undefined && !isForm ? { "content-type": "application/json" } : {}) },
    body: init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body),
  });
  if (!res.ok) throw await apiErrorOf(res);
  const text = await res.text();
  return { data: (text ? parseJson(text) : undefined) as T, headers: res.headers };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The error of a refused call: the server's pt-BR message and field errors. */
export async function apiErrorOf(res: Response): Promise<ApiError> {
  const text = await res.text();
  const body = ((text ? parseJson(text) : undefined) ?? {}) as { message?: unknown; error?: unknown; errors?: Record<string, string> };
  // A 413 that is not ours (a host's own body limit, in English) reads as ours.
  const message =
    typeof body.message === "string"
      ? body.message
      : typeof body.error === "string"
        ? body.error
        : res.status === 413
          ? uploadTooLargeText
          : `${res.status}: ${text || res.statusText}`;
  return new ApiError(res.status, message, body.errors ?? {});
}

/** Puts the server's field errors on the form's fields; true when any was set. */
export function applyFieldErrors<F extends string>(
  error: unknown,
  setError: (field: F, e: { type: string; message: string }) => void,
  fields: readonly F[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let any = false;
  for (const [field, message] of Object.entries(error.errors)) {
    if ((fields as readonly string[]).includes(field)) {
      setError(field as F, { type: "server", message });
      any = true;
    }
  }
  return any;
}
