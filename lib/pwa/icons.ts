import sharp from "sharp";

// The manifest's icons (scripts/pwa-assets.ts), from the brand mark
// public/icon.svg: a 64×64 rounded violet square with a white V.

/**
 * The maskable icon: a launcher crops it to any shape inside the central 80 %
 * circle, so the square fills the whole icon (no rounded corners) and the V
 * is drawn at 80 % of its size (well inside the safe circle) around the centre.
 */
export function maskableIconSvg(mark: string): string {
  const fill = /<rect[^>]*fill="([^"]+)"/.exec(mark)?.[1] ?? "#6d28d9";
  const inner = mark
    .replace(/^[\s\S]*?<svg[^>]*>/, "")
    .replace(/<\/svg>\s*$/, "")
    .replace(/<rect[^>]*\/>/, "");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${fill}"/><g transform="translate(32 32) scale(0.8) translate(-32 -33)">${inner}</g></svg>`;
}

/** A square PNG of `size` pixels from an SVG. */
export function renderIcon(svg: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
