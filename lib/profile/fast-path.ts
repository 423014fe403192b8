import "server-only";
import { publicOrigin } from "@/lib/server/public-url";
import { isHttpsRequest } from "@/lib/server/security-headers";
import { warmProfilePage } from "./public-page";
import { provideHook, type FastPath } from "@/lib/server/host.mjs";
import { htmlAnswer } from "./render-page";

// The custom server (server.mjs) asks this function first for GET /:username:
// a warm page is answered from memory without entering Next's router. It
// serves the very bytes and headers the route handler would (same cache, same
// htmlAnswer); anything not warm returns null and goes through Next as usual.

const PROFILE_PATH = /^\/([a-z0-9_]{1,20})(?:\?.*)?$/;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

const fastPath: FastPath = (method, url, headers) => {
  if (method !== "GET" && method !== "HEAD") return null;
  const match = PROFILE_PATH.exec(url);
  if (!match) return null;
  const get = (name: string) => one(headers[name]);
  const headerList = { get } as unknown as Headers;
  const origin = publicOrigin(headerList);
  const page = warmProfilePage(match[1]!, origin);
  if (!page) return null;
  return htmlAnswer(page, { method, ifNoneMatch: get("if-none-match"), acceptEncoding: get("accept-encoding"), https: isHttpsRequest(headerList) });
};

// Handed to server.mjs (outside the bundle) once this route has loaded.
provideHook("profileFastPath", fastPath);
