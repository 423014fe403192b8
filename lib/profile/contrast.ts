import { parseHexColor, type Rgb } from "./appearance";

// WCAG 2.x contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio): the
// relative luminance of sRGB colours and the ratio (L1 + 0.05) / (L2 + 0.05).

export const MIN_CONTRAST = 4.5;

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance({ r, g, b }: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** From 1 (same colour) to 21 (black on white); order does not matter. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `top` at `alpha` (0-1) over an opaque `bottom`: what the eye sees. */
export function blend(top: Rgb, bottom: Rgb, alpha: number): Rgb {
  const mix = (t: number, u: number) => Math.round(t * alpha + u * (1 - alpha));
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b) };
}

/** The ratio of two '#rrggbb' colours, or null when one does not parse. */
export function hexContrast(a: string, b: string): number | null {
  const x = parseHexColor(a);
  const y = parseHexColor(b);
  return x && y ? contrastRatio(x, y) : null;
}

/** "4,5" — one decimal, rounded down so 4.49 never reads as 4,5. */
export function formatRatio(ratio: number): string {
  return (Math.floor(ratio * 10) / 10).toFixed(1).replace(".", ",");
}
