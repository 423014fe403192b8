import type { Socials } from "@/lib/accounts/user-dto";
import type { BrandIconKind } from "@/lib/blocks/kinds/link/link-icon";

// Where each social handle points, and in which order the icons show.

export const SOCIAL_NETWORKS = ["instagram", "tiktok", "youtube", "whatsapp", "twitter", "facebook", "linkedin", "pinterest", "telegram"] as const;

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  instagram: "Instagram",
  tiktok: "TikTok",
  youtube: "YouTube",
  whatsapp: "WhatsApp",
  twitter: "X (Twitter)",
  facebook: "Facebook",
  linkedin: "LinkedIn",
  pinterest: "Pinterest",
  telegram: "Telegram",
};

const base: Record<SocialNetwork, (h: string) => string> = {
  instagram: (h) => `https://instagram.com/${h}`,
  tiktok: (h) => `https://www.tiktok.com/@${h}`,
  youtube: (h) => `https://youtube.com/@${h}`,
  whatsapp: (h) => `https://wa.me/${h.replace(/\D/g, "")}`,
  twitter: (h) => `https://x.com/${h}`,
  facebook: (h) => `https://facebook.com/${h}`,
  linkedin: (h) => `https://www.linkedin.com/in/${h}`,
  pinterest: (h) => `https://pinterest.com/${h}`,
  telegram: (h) => `https://t.me/${h}`,
};

interface SocialLink {
  network: SocialNetwork;
  label: string;
  href: string;
  icon: BrandIconKind;
}

/** The handles that are set, as links (a leading @ or URL prefix is tolerated). */
export function socialLinks(socials: Socials | null | undefined): SocialLink[] {
  if (!socials) return [];
  const out: SocialLink[] = [];
  for (const network of SOCIAL_NETWORKS) {
    const raw = socials[network]?.trim();
    if (!raw) continue;
    const handle = raw
      .replace(/^https?:\/\/[^/]+\//i, "")
      .replace(/^@/, "")
      .replace(/\/+$/, "");
    if (!handle || (network === "whatsapp" && !/\d/.test(handle))) continue;
    out.push({ network, label: SOCIAL_LABELS[network], href: base[network](encodeURIComponent(handle)), icon: network });
  }
  return out;
}
