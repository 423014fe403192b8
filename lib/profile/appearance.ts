// The look of a profile page (product-spec.md §5 "Button appearance"): pure
// functions shared by the dashboard preview and the public page.

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** 6 hex digits with or without '#'; anything else is null. */
export function parseHexColor(value: string | null | undefined): Rgb | null {
  const m = /^#?([0-9a-f]{6})$/i.exec((value ?? "").trim());
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

/** '#rrggbb' (lowercase) or null. */
export function normalizeHexColor(value: string | null | undefined): string | null {
  const rgb = parseHexColor(value);
  return rgb ? `#${[rgb.r, rgb.g, rgb.b].map((c) => c.toString(16).padStart(2, "0")).join("")}` : null;
}

/** (0.299 R + 0.587 G + 0.114 B) / 255. */
export function luminance({ r, g, b }: Rgb): number {
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

const LUMINANCE_THRESHOLD = 0.5;

/** Black text on a light button, white on a dark one (an unparsable colour counts as light). */
export function buttonTextColor(buttonColor: string): "#000000" | "#ffffff" {
  const rgb = parseHexColor(buttonColor);
  if (!rgb) return "#000000";
  return luminance(rgb) > LUMINANCE_THRESHOLD ? "#000000" : "#ffffff";
}

/** The button's background: the colour at alpha opacity/100, or the raw value when it does not parse. */
export function buttonBackground(buttonColor: string, opacity: number): string {
  const rgb = parseHexColor(buttonColor);
  if (!rgb) return buttonColor;
  const alpha = Math.min(100, Math.max(0, opacity)) / 100;
  return `rgba(${rgb.r}, ${rgb.g}, ${rgb.b}, ${alpha})`;
}

/** CSS for a cover image: object-fit and object-position for every stored fit. */
export function coverImageStyle(position: string): { objectFit: "cover" | "contain" | "none"; objectPosition: string } {
  switch (position) {
    case "contain":
      return { objectFit: "contain", objectPosition: "center" };
    case "center":
      return { objectFit: "cover", objectPosition: "center" };
    case "top":
      return { objectFit: "cover", objectPosition: "top" };
    case "bottom":
      return { objectFit: "cover", objectPosition: "bottom" };
    default:
      return { objectFit: "cover", objectPosition: "center" };
  }
}

/** The preview fits only 'cover' and 'contain'; every other value falls back to cover. */
export function previewFit(position: string): "cover" | "contain" {
  return position === "contain" ? "contain" : "cover";
}

export const PREVIEW_MAX_LINKS = 4;

/** '+1 link' / '+N links' for the active links beyond the preview's four; null when none. */
export function moreLinksLabel(activeCount: number, shown = PREVIEW_MAX_LINKS): string | null {
  const extra = activeCount - shown;
  if (extra <= 0) return null;
  return `+${extra} ${extra === 1 ? "link" : "links"}`;
}
