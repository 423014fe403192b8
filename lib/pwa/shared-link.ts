import { z } from "zod";
import { blocks } from "@/lib/blocks/registry";
import { normalizeLinkUrl } from "@/lib/blocks/kinds/link/link-url";

// "Share to Vitrine" (api.md, The owner's phone): the manifest's share_target
// opens /dashboard/add?title=…&text=…&url=… (GET). Android's share sheet
// often leaves `url` empty and puts the address inside `text` ("Olha isto
// https://youtu.be/…"), so the first http(s) address of `text` is taken then.
// Pure: the add page reads its search params through this.

/** The link title's limit (lib/links/link-schemas.ts). */
export const SHARED_TITLE_MAX = 100;
/** Longer shared texts are not read (a title or a message, never a document). */
const SHARED_TEXT_MAX = 4096;

/** A search param as the page gets it: absent, once, or repeated (the first counts). */
const param = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (Array.isArray(v) ? v[0] : v) ?? "")
  .pipe(z.string().max(SHARED_TEXT_MAX))
  .catch("");

export const sharedLinkParamsSchema = z.object({ url: param, title: param, text: param });

/** A block kind's name (lib/blocks/registry.ts). */
export type SharedLinkKind = string;

export interface SharedLink {
  /** An http(s) address a link accepts, or "" when none was shared. */
  url: string;
  /** At most SHARED_TITLE_MAX characters; "" when none. */
  title: string;
  /** The block kind the address suits: the first that claims it (a player for YouTube and Spotify), else the first kind, a link. */
  kind: SharedLinkKind;
}

const ADDRESS_IN_TEXT = /https?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than an address ("Veja: https://x.com/a."). */
const TRAILING = /[.,;:!?)\]}»”’'"]+$/;

/** An http(s) address a link accepts, as shared (not rewritten), or null. */
function httpAddress(raw: string): string | null {
  const value = raw.trim();
  if (!/^https?:\/\//i.test(value)) return null;
  return normalizeLinkUrl(value) === null ? null : value;
}

/** The first http(s) address written in `text`, with its position. */
function addressInText(text: string): { url: string; start: number; end: number } | null {
  for (const match of text.matchAll(ADDRESS_IN_TEXT)) {
    const url = match[0].replace(TRAILING, "");
    if (httpAddress(url)) return { url, start: match.index, end: match.index + url.length };
  }
  return null;
}

/** Spaces collapsed, cut to the title's limit. */
function cleanTitle(value: string): string {
  return Array.from(value.replace(/\s+/g, " ").trim()).slice(0, SHARED_TITLE_MAX).join("").trim();
}

/** The words around a removed address, without the separators it leaves ("Veja: ", " - ", a final "."). */
function titleAround(text: string, start: number, end: number): string {
  const strip = (part: string) => part.replace(/^[\s\-–—:|·,.;]+|[\s\-–—:|·,.;]+$/g, "");
  return [strip(text.slice(0, start)), strip(text.slice(end))].filter(Boolean).join(" ");
}

/** What a share target's search params hold; null when nothing usable was shared. */
export function sharedLinkFrom(searchParams: Record<string, unknown>): SharedLink | null {
  const { url: rawUrl, title: rawTitle, text } = sharedLinkParamsSchema.parse(searchParams);
  const inText = addressInText(text);
  const url = httpAddress(rawUrl) ?? inText?.url ?? "";
  // The text around the address is a title when none was given (and is not only the address again).
  const textTitle = inText ? titleAround(text, inText.start, inText.end) : text;
  let title = cleanTitle(rawTitle) || cleanTitle(textTitle);
  if (title && (httpAddress(title) !== null || title === url)) title = "";
  if (!url && !title) return null;
  return { url, title, kind: sharedKindOf(url) };
}

/** The kind whose module claims a shared address (lib/blocks/block-kind.ts, `claims`), else the registry's first (a plain link). */
function sharedKindOf(url: string): SharedLinkKind {
  return (url && blocks.kinds.find((kind) => kind.claims?.(url))?.name) || blocks.names[0];
}

/** /dashboard/add for `kind` with the shared address and title (the other kind's offer). */
export function sharedLinkPath(shared: SharedLink, kind: SharedLinkKind): string {
  const query = new URLSearchParams({ kind });
  if (shared.url) query.set("url", shared.url);
  if (shared.title) query.set("title", shared.title);
  return `/dashboard/add?${query.toString()}`;
}
