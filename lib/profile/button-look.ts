import { buttonBackground, buttonTextColor, parseHexColor } from "./appearance";
import { blend, contrastRatio } from "./contrast";

// How link buttons look (api.md, Appearance (second release)): style, shape
// and font, shared by the public page, the preview and the contrast check.

export type ButtonStyle = "filled" | "outline" | "shadow";
export type ButtonShape = "square" | "rounded" | "pill";
export type FontFamily = "sans" | "serif" | "mono" | "rounded";

export interface ButtonLookInput {
  backgroundColor: string;
  fontColor: string;
  linkButtonColor: string;
  linkButtonOpacity: number;
  buttonStyle?: string;
  buttonShape?: string;
  fontFamily?: string;
}

const pick = <T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);

function lookOf(p: ButtonLookInput): { style: ButtonStyle; shape: ButtonShape; font: FontFamily } {
  return {
    style: pick(p.buttonStyle, ["filled", "outline", "shadow"], "filled"),
    shape: pick(p.buttonShape, ["square", "rounded", "pill"], "rounded"),
    font: pick(p.fontFamily, ["sans", "serif", "mono", "rounded"], "sans"),
  };
}

/** The classes the profile stylesheet keys the look on. */
export function lookClasses(p: ButtonLookInput): string {
  const { style, shape, font } = lookOf(p);
  return `vp-s-${style} vp-sh-${shape} vp-f-${font}`;
}

/**
 * A button's inline colours. Filled and shadow: the button colour at its
 * opacity, text black or white by its luminance. Outline: no fill, a border
 * in the button colour, text in the page's font colour.
 */
export function buttonColors(p: ButtonLookInput): { background: string; color: string; borderColor?: string } {
  if (lookOf(p).style === "outline") return { background: "transparent", color: p.fontColor, borderColor: p.linkButtonColor };
  return { background: buttonBackground(p.linkButtonColor, p.linkButtonOpacity), color: buttonTextColor(p.linkButtonColor) };
}

/** Contrast of the buttons' text on the button as seen over the page background (a cover image is not counted). */
export function buttonTextContrast(p: ButtonLookInput): number | null {
  const page = parseHexColor(p.backgroundColor);
  const button = parseHexColor(p.linkButtonColor);
  if (!page || !button) return null;
  const { color } = buttonColors(p);
  const text = parseHexColor(color);
  if (!text) return null;
  const fill = lookOf(p).style === "outline" ? page : blend(button, page, Math.min(100, Math.max(0, p.linkButtonOpacity)) / 100);
  return contrastRatio(text, fill);
}

/** Contrast of the page's text on its background. */
export function pageTextContrast(p: ButtonLookInput): number | null {
  const page = parseHexColor(p.backgroundColor);
  const text = parseHexColor(p.fontColor);
  return page && text ? contrastRatio(text, page) : null;
}
