import "server-only";
import type { z } from "zod";
import type { ErrorBody } from "./errors";
import { isSecureRequest } from "./session";

// A route handler that a page's <form method="post"> reaches directly, with
// JavaScript off or before the page's scripts have started (the browser
// sends application/x-www-form-urlencoded). The same schema, feature
// function and pt-BR messages as the JSON call; the answer is a 303 to where
// the browser goes next instead of JSON. A refusal goes back to the form's
// page with the messages and the non-secret values in a short-lived cookie
// (never in the address, so no password, code or token ever lands there),
// marked by `?erro=1` so that the page is rendered for it (lib/server/form-flash.ts).

/** The cookie that carries a refused form's messages back to its page. */
export const FORM_FLASH_COOKIE = "vitrine-form";
const FLASH_MAX_AGE_S = 60;
const FLASH_MAX_BYTES = 3000;

export interface FormPost {
  /** The page the form is on (path and query), where a refusal goes back to. */
  page: (fields: Record<string, string>) => string;
  /** Fields sent by a checkbox: "on" (or any value) is true, absence false. */
  booleans?: readonly string[];
  /** What the page's form checks that the JSON call leaves to the client (a confirmation, the terms), checked first. */
  check?: z.ZodType;
  /** Fields never sent back to the page (passwords, codes, tokens). */
  secrets?: readonly string[];
  /** Where the browser goes once the handler has answered. */
  next: (answer: Response, fields: Record<string, string>) => string | Promise<string>;
}

/** What a refused form's page is given back. */
export interface FormFlash {
  /** The status the JSON call would have answered (400, 401, 429…). */
  status: number;
  message: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
}

export function isFormPost(req: Request): boolean {
  return (req.headers.get("content-type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded");
}

/** The form's fields (the first value of each name) and the object the schema reads. */
export function parseFormFields(text: string, booleans: readonly string[] = []): { fields: Record<string, string>; input: Record<string, unknown> } {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) if (!(name in fields)) fields[name] = value;
  const input: Record<string, unknown> = { ...fields };
  for (const name of booleans) input[name] = name in fields;
  return { fields, input };
}

/** 303 to `location`, with the cookies the handler's answer set. */
export function formRedirect(answer: Response, location: string): Response {
  const res = new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
  for (const cookie of answer.headers.getSetCookie()) res.headers.append("set-cookie", cookie);
  return res;
}

/** 303 back to the form's page with the refusal's messages and the non-secret values. */
export function formRefusal(req: Request, form: FormPost, fields: Record<string, string>, status: number, error: ErrorBody): Response {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (!form.secrets?.includes(name)) values[name] = value.slice(0, 200);
  const flash: FormFlash = { status, message: error.message, errors: error.errors, values };
  let encoded = Buffer.from(JSON.stringify(flash)).toString("base64url");
  if (encoded.length > FLASH_MAX_BYTES) encoded = Buffer.from(JSON.stringify({ status, message: error.message, errors: error.errors })).toString("base64url");
  const page = form.page(fields);
  const location = `${page}${page.includes("?") ? "&" : "?"}erro=1`;
  const parts = [`${FORM_FLASH_COOKIE}=${encoded}`, "Path=/", `Max-Age=${FLASH_MAX_AGE_S}`, "HttpOnly", "SameSite=Lax"];
  if (isSecureRequest(req)) parts.push("Secure");
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store", "set-cookie": parts.join("; ") } });
}

/** The flash cookie's value read back (null when absent or not ours). */
export function decodeFormFlash(value: string | undefined): FormFlash | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Partial<FormFlash>;
    if (typeof parsed.message !== "string" || typeof parsed.status !== "number") return null;
    const strings = (o: unknown) =>
      o && typeof o === "object" ? Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => typeof e[1] === "string")) : undefined;
    return { status: parsed.status, message: parsed.message, errors: strings(parsed.errors), values: strings(parsed.values) };
  } catch {
    return null;
  }
}
