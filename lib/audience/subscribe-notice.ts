import "server-only";
import type { RenderedPage } from "@/lib/server/html-answer";
import { decodeFormFlash, FORM_FLASH_COOKIE } from "@/lib/server/form-post";
import { isFlagged } from "@/lib/profile/page-meta";
import { publicProfile, type PageRenderers } from "@/lib/profile/public-page";
import { audienceStrings } from "@/lib/strings/audience";

// The public page after a sign-up sent without JavaScript (api.md, Audience:
// "the page comes back saying what happened"). The form's POST answers with
// a 303 to /{username}?inscricao=ok (accepted) or ?inscricao={blockId}&erro=1
// with the refusal in the form's flash cookie (lib/server/form-post.ts). That
// one answer is drawn for this visitor alone (never cached, never the
// shared page); the page itself stays one cacheable document.

function flashCookieOf(header: string | null): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === FORM_FLASH_COOKIE) return value.join("=");
  }
  return undefined;
}

/** Whether this address asks for the sign-up's answer (the fast path leaves such a request to the route). */
export function asksSubscribeNotice(search: URLSearchParams): boolean {
  return search.has("inscricao");
}

/**
 * The page with the answer in its sign-up form(s), or null when there is
 * nothing to say (no such page, a flagged page not yet accepted, no flash):
 * the caller then answers the usual page.
 */
export async function pageWithSubscribeNotice(
  username: string,
  origin: string,
  search: URLSearchParams,
  cookieHeader: string | null,
  consented: boolean,
  render: PageRenderers,
): Promise<RenderedPage | null> {
  const which = search.get("inscricao");
  if (!which) return null;
  const profile = await publicProfile(username);
  if (!profile || (isFlagged(profile.user) && !consented)) return null;
  const flash = which !== "ok" && search.get("erro") === "1" ? decodeFormFlash(flashCookieOf(cookieHeader)) : null;
  const notice =
    which === "ok"
      ? { message: audienceStrings.checkEmail, error: false }
      : flash
        ? { message: flash.message, error: true, errors: flash.errors, values: flash.values }
        : null;
  if (!notice) return null;
  // An accepted sign-up says so in every form of the page (the block's id travels only after '#'); a refusal in its own form.
  const links = profile.links.map((link) => (link.subscribe && (which === "ok" || which === link.id) ? { ...link, notice } : link));
  return render.profile({ ...profile, links }, origin, false);
}
