import { APP_NAME } from "@/lib/strings/app-name";
import { seoStrings } from "@/lib/strings/seo";
import { socialLinks } from "./socials";
import type { PublicProfileUser } from "./public-profile";

// What the public page says about itself to search engines and link
// previews (api.md, Creator blocks: search engines, sensitive content). Pure.

type MetaUser = Pick<PublicProfileUser, "name" | "username" | "bio" | "avatarUrl" | "socials" | "sensitive" | "seoTitle" | "seoDescription" | "indexable">;

export interface PageMeta {
  title: string;
  description: string;
  /** The page asks not to be indexed (not indexable, or flagged). */
  noindex: boolean;
  /** A warning comes before the page's content, and previews stay neutral. */
  flagged: boolean;
}

export function isFlagged(user: Pick<PublicProfileUser, "sensitive">): boolean {
  return user.sensitive === "adult" || user.sensitive === "sensitive";
}

export function pageMeta(user: MetaUser): PageMeta {
  const flagged = isFlagged(user);
  const title = user.seoTitle || `${user.name} (@${user.username}) · ${APP_NAME}`;
  // A flagged page's previews never quote the owner's own words.
  const description = flagged ? seoStrings.neutralDescription : user.seoDescription || user.bio || `Todos os links de ${user.name} em um só lugar.`;
  return { title, description, noindex: flagged || !user.indexable, flagged };
}

/**
 * schema.org ProfilePage as the text of a `<script type="application/ld+json">`.
 * `<`, `>`, `&` and the two JavaScript line separators are written as \u
 * escapes, so no user text can close the element or start a comment.
 */
export function profileJsonLd(user: MetaUser, url: string, description: string): string {
  const sameAs = socialLinks(user.socials)
    .filter((s) => s.network !== "whatsapp")
    .map((s) => s.href);
  const person: Record<string, unknown> = {
    "@type": "Person",
    name: user.name,
    alternateName: `@${user.username}`,
    description,
    url,
  };
  // A flagged page says nothing of its content before 'Continuar': no picture, and none of its addresses.
  const flagged = isFlagged(user);
  if (user.avatarUrl && !flagged) person.image = new URL(user.avatarUrl, url).href;
  if (sameAs.length && !flagged) person.sameAs = sameAs;
  const data = { "@context": "https://schema.org", "@type": "ProfilePage", url, mainEntity: person };
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
