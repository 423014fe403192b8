// Which brand a link points to, by its host (www. stripped), product-spec.md §5;
// the public page shows every one of them (api.md, Appearance (second release)).

type LinkIconKind = "instagram" | "youtube" | "tiktok" | "facebook" | "twitter" | "linkedin" | "whatsapp" | "telegram" | "mail" | "phone" | "external";

/** Every mark components/profile/brand-icon.tsx draws. */
export type BrandIconKind = LinkIconKind | "pinterest" | "pix" | "spotify";

const rules: [LinkIconKind, (host: string) => boolean][] = [
  ["instagram", (h) => h === "instagram.com" || h.endsWith(".instagram.com") || h === "instagr.am"],
  ["youtube", (h) => h === "youtube.com" || h.endsWith(".youtube.com") || h === "youtu.be"],
  ["tiktok", (h) => h === "tiktok.com" || h.endsWith(".tiktok.com")],
  ["facebook", (h) => h === "facebook.com" || h.endsWith(".facebook.com") || h.startsWith("fb.")],
  ["twitter", (h) => h === "twitter.com" || h.endsWith(".twitter.com") || h === "x.com"],
  ["linkedin", (h) => h === "linkedin.com" || h.endsWith(".linkedin.com") || h === "lnkd.in"],
  ["whatsapp", (h) => h === "whatsapp.com" || h.endsWith(".whatsapp.com") || h === "wa.me"],
  ["telegram", (h) => h === "telegram.org" || h === "telegram.me" || h === "t.me"],
];

export function linkIconKind(url: string): LinkIconKind {
  if (/^mailto:/i.test(url)) return "mail";
  if (/^tel:/i.test(url)) return "phone";
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return "external";
  }
  return rules.find(([, test]) => test(host))?.[0] ?? "external";
}
