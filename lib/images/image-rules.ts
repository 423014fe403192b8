import { imagesStrings } from "@/lib/strings/images";

const strings = { images: imagesStrings };

// The rules of uploaded images, shared by the browser (checks before sending)
// and the server (which decides again, by the content).

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Room for the multipart boundaries, part headers and the cover's text fields. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** Decoding bigger images would take hundreds of MB of memory (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;

const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
/** For `<input type="file" accept>`. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_IMAGE_TYPES.join(",");

type ImageFormat = "jpeg" | "png" | "webp" | "gif";

export type ImageVariant = "avatar" | "cover" | "thumbnail" | "poster";

/** What each page needs: a square avatar, a cover that fits a large screen. */
export const IMAGE_SIZES = {
  avatar: { width: 400, height: 400, fit: "cover" },
  cover: { width: 1600, height: 1600, fit: "inside" },
  /** A link's button image, shown at 40 px (2× for sharp screens). */
  thumbnail: { width: 96, height: 96, fit: "cover" },
  /** A player's stand-in (a Pix-free, tracker-free copy of the provider's picture), shown up to 540 px wide. */
  poster: { width: 640, height: 360, fit: "cover" },
} as const satisfies Record<ImageVariant, { width: number; height: number; fit: "cover" | "inside" }>;

/** The stored name: the variant, 32 random hex digits, .webp. Nothing else is ever served. */
export const STORED_NAME_PATTERN = /^(avatar|cover|thumbnail|poster)-[0-9a-f]{32}\.webp$/;

/**
 * The format by the file's first bytes (its magic number), whatever its name
 * or declared type says. SVG, PDF, HTML and everything else: null.
 */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (bytes.length >= 6 && (at(0, 0x47, 0x49, 0x46, 0x38, 0x37, 0x61) || at(0, 0x47, 0x49, 0x46, 0x38, 0x39, 0x61))) return "gif";
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return null;
}

interface ImageProblem {
  title: string;
  description: string;
}

/** The browser's check before anything is sent (product-spec.md §5, cover image). */
export function checkImageFile(file: { type: string; size: number }): ImageProblem | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return { title: strings.images.invalidTypeTitle, description: strings.images.invalidTypeText };
  }
  if (file.size > MAX_IMAGE_BYTES) {
    return { title: strings.images.tooLargeTitle, description: strings.images.tooLargeText };
  }
  return null;
}
