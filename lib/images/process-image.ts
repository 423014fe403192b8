import "server-only";
import sharp, { type Metadata } from "sharp";
import { AppError } from "@/lib/server/errors";
import { imagesStrings } from "@/lib/strings/images";
import { IMAGE_SIZES, MAX_INPUT_PIXELS, sniffImageFormat, type ImageVariant } from "./image-rules";

const strings = { images: imagesStrings };

// Every uploaded image is decoded and drawn again: the type is decided by the
// content (magic number, then a real decode), the EXIF orientation applied,
// the size reduced to what the pages show, and the result written as WebP
// with no metadata at all (EXIF, GPS, XMP, ICC: sharp keeps none unless asked).

// No libvips operation cache: uploads are one-off, and memory matters more.
sharp.cache(false);

const unsupported = () => new AppError("unsupported_media_type", { message: strings.images.unsupported });
const tooManyPixels = () => new AppError("payload_too_large", { message: strings.images.tooManyPixels });

async function readHeader(bytes: Uint8Array): Promise<Metadata> {
  try {
    // The header only: no pixel is decoded here, so the limit is ours to check.
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
}

/** A WebP of the image, resized for `variant`; 413/415 AppErrors for what is refused. */
export async function processImage(bytes: Uint8Array, variant: ImageVariant): Promise<Buffer> {
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) throw unsupported();
  const meta = await readHeader(bytes);
  // The decoder must agree with the magic number (a polyglot must not pass as another type).
  if (meta.format !== sniffed || !meta.width || !meta.height) throw unsupported();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooManyPixels();

  const size = IMAGE_SIZES[variant];
  // Orientations 5-8 swap width and height once rotated.
  const [width, height] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
  try {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", pages: 1 }).rotate();
    if (size.fit === "cover") {
      // The variant's shape (a square, or 16:9 for a poster), cropped from the middle, never enlarged past the original.
      const scale = Math.min(1, width / size.width, height / size.height);
      pipeline.resize(Math.max(1, Math.round(size.width * scale)), Math.max(1, Math.round(size.height * scale)), { fit: "cover", position: "centre" });
    } else {
      pipeline.resize(size.width, size.height, { fit: "inside", withoutEnlargement: true });
    }
    return await pipeline.webp({ quality: 82, effort: 4 }).toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw unsupported();
  }
}
