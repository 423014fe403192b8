// Builds real Request objects for calling exported route handlers directly.
export const BASE_URL = "http://localhost:3000";

type Init = { method?: string; body?: unknown; headers?: Record<string, string>; ip?: string };

export function request(path: string, init: Init = {}): Request {
  const headers: Record<string, string> = { "x-vitrine-client-ip": init.ip ?? "203.0.113.10", ...init.headers };
  let body: string | undefined;
  if (init.body !== undefined) {
    headers["content-type"] ??= "application/json";
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
  }
  return new Request(`${BASE_URL}${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
}

/** The second argument Next passes to a dynamic route handler. */
export function params<T extends Record<string, string>>(values: T) {
  return { params: Promise.resolve(values) };
}
