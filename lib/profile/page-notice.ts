import "server-only";
import { blocks } from "@/lib/blocks/registry";
import type { RenderedPage } from "@/lib/server/html-answer";
import { decodeFormFlash, FORM_FLASH_COOKIE } from "@/lib/server/form-post";
import { isFlagged } from "./page-meta";
import { publicProfile, type PageRenderers } from "./public-page";

// The public page after a block's form was posted without JavaScript (a
// sign-up form's: api.md, Audience, "the page comes back saying what
// happened"). The form's handler answers with a 303 to the page with the
// kind's parameter (its `notice`, lib/blocks/block-kind.ts), and a refusal's
// messages in the form's flash cookie (lib/server/form-post.ts). That one
// answer is drawn for this visitor alone (never cached, never the shared
// page); the page itself stays one cacheable document.

function flashCookieOf(header: string | null): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === FORM_FLASH_COOKIE) return value.join("=");
  }
  return undefined;
}

/** The parameters that ask for a block's answer: each kind's that has one. */
function noticeParams(): string[] {
  return blocks.kinds.flatMap((kind) => (kind.notice ? [kind.notice.param] : []));
}

/** Whether this address asks for a block's answer (the fast path leaves such a request to the route). */
export function asksBlockNotice(search: URLSearchParams): boolean {
  return noticeParams().some((param) => search.has(param));
}

/** The same, for a raw request target (`/ana?inscricao=ok`), as the fast path sees it. */
export function pathAsksBlockNotice(url: string): boolean {
  const query = url.indexOf("?");
  return query >= 0 && asksBlockNotice(new URLSearchParams(url.slice(query + 1)));
}

/**
 * The page with each block's answer, or null when there is nothing to say
 * (no such page, a flagged page not yet accepted, no answer for any block):
 * the caller then answers the usual page.
 */
export async function pageWithBlockNotice(
  username: string,
  origin: string,
  search: URLSearchParams,
  cookieHeader: string | null,
  consented: boolean,
  render: PageRenderers,
): Promise<RenderedPage | null> {
  if (!asksBlockNotice(search)) return null;
  const profile = await publicProfile(username);
  if (!profile || (isFlagged(profile.user) && !consented)) return null;
  let flash: ReturnType<typeof decodeFormFlash> | undefined;
  let noticed = false;
  const links = profile.links.map((link) => {
    const source = blocks.get(link.kind)?.notice;
    const value = source ? search.get(source.param) : null;
    if (!source || value === null) return link;
    flash ??= decodeFormFlash(flashCookieOf(cookieHeader));
    const notice = source.read({ value, search, flash }, link.id);
    if (!notice) return link;
    noticed = true;
    return { ...link, notice };
  });
  return noticed ? render.profile({ ...profile, links }, origin, false) : null;
}
