import "server-only";
import sharp from "sharp";
import { z } from "zod";
import { db } from "@/lib/server/db";
import { activeDomainOf } from "@/lib/domains/domain-queries";
import { drawQrModules } from "./qr-modules";
import { escapeHtml } from "@/lib/server/escape-html";
import { publicOrigin } from "@/lib/server/public-url";
import { readStoredImage } from "@/lib/images/storage";
import { errorsStrings } from "@/lib/strings/errors";
import { normalizeHexColor, parseHexColor } from "@/lib/profile/appearance";
import { contrastRatio, MIN_CONTRAST, relativeLuminance } from "@/lib/profile/contrast";

// The page's QR code (api.md, Bring your page, share it): drawn here, on the
// server, with the `qrcode` library's own SVG modules; SVG, or a 1024 × 1024
// PNG of the same drawing (sharp). Error correction H (30 % of the code may
// be lost), so the page's photo can sit in the middle and any standard
// reader still gets the address.

export const QR_SIZE = 1024;
/** Modules of light ground around the code (the standard's quiet zone). */
const QUIET_ZONE = 4;
/** The photo's side as a share of the code's: about 5 % of the modules hidden, well inside H's 30 %. */
const PHOTO_SHARE = 0.22;
const FALLBACK = { dark: "#000000", light: "#ffffff" } as const;

export const qrQuerySchema = z.object({
  format: z.enum(["svg", "png"], { error: errorsStrings.invalidInput }).default("png"),
  download: z.enum(["0", "1"]).optional(),
});
export type QrFormat = z.infer<typeof qrQuerySchema>["format"];

/**
 * The address the code opens: the page's custom domain's (`https://{domain}/`)
 * when it has an active one, else `/{username}` on the public origin. The one
 * place that decides it: custom domains pass their active domain here.
 */
export function qrAddress(page: { username: string }, domain: string | null): string {
  return domain ? `https://${domain}/` : `${publicOrigin()}/${page.username}`;
}

const hex = (c: { r: number; g: number; b: number }) => normalizeHexColor(`#${[c.r, c.g, c.b].map((v) => v.toString(16).padStart(2, "0")).join("")}`)!;

/**
 * The code's two colours from the page's text and background: readers want
 * dark modules on a light ground, so the darker of the two draws the modules;
 * when the two are too close to scan (under WCAG's 4.5:1), dark on light.
 */
export function qrColours(text: string, background: string): { dark: string; light: string } {
  const a = parseHexColor(text);
  const b = parseHexColor(background);
  if (!a || !b) return { ...FALLBACK };
  const [dark, light] = relativeLuminance(a) <= relativeLuminance(b) ? [a, b] : [b, a];
  return contrastRatio(dark, light) >= MIN_CONTRAST ? { dark: hex(dark), light: hex(light) } : { ...FALLBACK };
}

interface QrDrawing {
  address: string;
  colours: { dark: string; light: string };
  /** The page's photo (any format sharp reads), drawn in the middle; null: none. */
  photo: Uint8Array | null;
}

/** The photo as a square JPEG of `side` px (SVG readers all take JPEG), or null when it does not decode. */
async function photoDataUrl(photo: Uint8Array, side: number): Promise<string | null> {
  try {
    const jpeg = await sharp(photo, { limitInputPixels: 40_000_000 })
      .resize(side, side, { fit: "cover" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
  } catch {
    return null;
  }
}

/**
 * The code as an SVG of QR_SIZE × QR_SIZE, modules on whole pixels (the PNG
 * is this drawing). `photoPixels`: the embedded photo's side in pixels
 * (default: its drawn size; the dashboard's small preview asks for less).
 */
export async function drawQrSvg({ address, colours, photo }: QrDrawing, photoPixels?: number): Promise<string> {
  const { size: n, path } = drawQrModules(address, "H", 0);
  const scale = Math.floor(QR_SIZE / (n + 2 * QUIET_ZONE));
  const offset = Math.floor((QR_SIZE - n * scale) / 2);
  let centre = "";
  const image = photo ? await photoDataUrl(photo, photoPixels ?? Math.round(n * scale * PHOTO_SHARE)) : null;
  if (image) {
    const side = Math.round(n * scale * PHOTO_SHARE);
    const at = Math.round((QR_SIZE - side) / 2);
    const pad = scale;
    centre =
      `<rect x="${at - pad}" y="${at - pad}" width="${side + 2 * pad}" height="${side + 2 * pad}" rx="${pad * 2}" fill="${colours.light}"/>` +
      `<clipPath id="photo"><rect x="${at}" y="${at}" width="${side}" height="${side}" rx="${pad * 1.5}"/></clipPath>` +
      `<image x="${at}" y="${at}" width="${side}" height="${side}" clip-path="url(#photo)" preserveAspectRatio="xMidYMid slice" href="${image}" xlink:href="${image}"/>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${QR_SIZE}" height="${QR_SIZE}" viewBox="0 0 ${QR_SIZE} ${QR_SIZE}" shape-rendering="crispEdges">` +
    `<title>${escapeHtml(address)}</title>` +
    `<rect width="${QR_SIZE}" height="${QR_SIZE}" fill="${colours.light}"/>` +
    // Whole pixels a module: an integer scale and offset.
    `<path stroke="${colours.dark}" transform="translate(${offset} ${offset}) scale(${scale})" d="${path}"/>` +
    centre +
    `</svg>`
  );
}

/** The same drawing as a QR_SIZE × QR_SIZE PNG. */
export async function drawQrPng(drawing: QrDrawing): Promise<Buffer> {
  const svg = await drawQrSvg(drawing);
  return sharp(Buffer.from(svg)).resize(QR_SIZE, QR_SIZE).png().toBuffer();
}

async function drawingOf(pageId: string) {
  const [page, domain] = await Promise.all([
    db.page.findUniqueOrThrow({ where: { id: pageId }, select: { username: true, fontColor: true, backgroundColor: true, avatarUrl: true } }),
    activeDomainOf(pageId),
  ]);
  const drawing: QrDrawing = {
    address: qrAddress(page, domain),
    colours: qrColours(page.fontColor, page.backgroundColor),
    photo: await readStoredImage(page.avatarUrl),
  };
  return { page, drawing };
}

/** The dashboard's preview: the same code as an SVG data URL, its photo small (a few KB in the page, no request). */
export async function pageQrPreview(pageId: string): Promise<string> {
  const { drawing } = await drawingOf(pageId);
  const svg = await drawQrSvg(drawing, 96);
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/**
 * GET /api/qr: page `pageId`'s code in `format`, in its colours, with its
 * photo; the address its active custom domain's when it has one.
 */
export async function pageQr(pageId: string, format: QrFormat): Promise<{ body: Uint8Array | string; type: string; username: string }> {
  const { page, drawing } = await drawingOf(pageId);
  if (format === "svg") return { body: await drawQrSvg(drawing), type: "image/svg+xml; charset=utf-8", username: page.username };
  return { body: new Uint8Array(await drawQrPng(drawing)), type: "image/png", username: page.username };
}
