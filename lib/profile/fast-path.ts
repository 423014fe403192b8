import "server-only";
import { isReservedUsername } from "@/lib/accounts/username";
import { publicOrigin } from "@/lib/server/public-url";
import { isHttpsRequest } from "@/lib/server/security-headers";
import { publicProfilePage, warmProfilePage, type PageRenderers } from "./public-page";
import { provideHook, type LoadingFastPath, type NodeHeaders } from "@/lib/server/host.mjs";
import { pageFailure } from "@/lib/server/http";
import { BASE_SECURITY_HEADERS } from "@/lib/server/base-headers";
import { htmlAnswer } from "./render-page";
import { hasPageConsent } from "./page-consent";
import { pathAsksBlockNotice } from "./page-notice";

// The custom server (server.mjs) asks this function first for GET /:username:
// the page is answered without entering Next's router. It serves the very
// bytes and headers the route handler would (the same cache, loader and
// renderers, the same htmlAnswer): a warm page at once from memory; a page
// not in memory yet after loading it (a promise), which also keeps it warm.
// A reserved name (one of the app's own routes) returns null at once, for
// Next; a failure (the database down) is answered with the route's own short
// pt-BR page and status (lib/server/http.ts, pageFailure).

const PROFILE_PATH = /^\/([a-z0-9_]{1,20})(?:\?.*)?$/;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

function profileFastPath(render: PageRenderers): LoadingFastPath {
  return (method, url, headers) => {
    if (method !== "GET" && method !== "HEAD") return null;
    const match = PROFILE_PATH.exec(url);
    // A block's answer (a sign-up sent without JavaScript) is drawn by the route for that visitor alone (lib/profile/page-notice.ts).
    if (!match || pathAsksBlockNotice(url)) return null;
    const username = match[1]!;
    const request = requestOf(method, headers);
    // A flagged page's content, for a visitor who pressed 'Continuar' (lib/profile/public-page.ts).
    const consented = hasPageConsent(one(headers.cookie), username);
    const warm = warmProfilePage(username, request.origin, consented);
    if (warm) return htmlAnswer(warm.page, request, 200, warm.headers);
    if (isReservedUsername(username)) return null;
    return publicProfilePage(username, request.origin, render, consented).then(
      ({ page, found, headers }) => htmlAnswer(page, request, found ? 200 : 404, headers),
      (error: unknown) => {
        // The route's own answer (503 with Retry-After while the database is
        // down), at once: passing it on to Next would ask the database again.
        const failure = pageFailure(error);
        return { status: failure.status, headers: { ...failure.headers, ...BASE_SECURITY_HEADERS }, body: method === "HEAD" ? null : failure.body };
      },
    );
  };
}

function requestOf(method: string, headers: NodeHeaders) {
  const get = (name: string) => one(headers[name]);
  const headerList = { get } as unknown as Headers;
  return {
    method,
    origin: publicOrigin(),
    ifNoneMatch: get("if-none-match"),
    acceptEncoding: get("accept-encoding"),
    https: isHttpsRequest(headerList),
  };
}

/** Hands the fast path to server.mjs (outside the bundle) once the profile route has loaded. */
export function provideProfileFastPath(render: PageRenderers): void {
  provideHook("profileFastPath", profileFastPath(render));
}
