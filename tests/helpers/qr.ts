import jsQR from "jsqr";
import sharp from "sharp";

// Reads a QR code back as a phone would: a maintained decoder (jsQR) on the
// image's pixels; an SVG is drawn to pixels by sharp first. Dark modules on a
// light ground only (no inverted reading), as the plainest readers expect.

export async function decodeQr(image: Uint8Array | string): Promise<string | null> {
  const input = typeof image === "string" ? Buffer.from(image) : Buffer.from(image);
  const { data, info } = await sharp(input).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height, { inversionAttempts: "dontInvert" })?.data ?? null;
}
