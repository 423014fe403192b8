// What a product's file is, read from its first bytes (api.md, Selling with
// Pix: PDF, ZIP, EPUB, MP3, MP4, JPEG, PNG, WebP; the type read from the
// bytes, never from the name or the Content-Type sent). Pure.

export interface FileType {
  contentType: string;
  extension: string;
}

/** Enough of the file's start to tell every accepted type apart (an EPUB's `mimetype` entry sits at byte 30). */
export const SNIFF_BYTES = 64;

const PDF: FileType = { contentType: "application/pdf", extension: "pdf" };
const ZIP: FileType = { contentType: "application/zip", extension: "zip" };
const EPUB: FileType = { contentType: "application/epub+zip", extension: "epub" };
const MP3: FileType = { contentType: "audio/mpeg", extension: "mp3" };
const MP4: FileType = { contentType: "video/mp4", extension: "mp4" };
const M4A: FileType = { contentType: "audio/mp4", extension: "m4a" };
const JPEG: FileType = { contentType: "image/jpeg", extension: "jpg" };
const PNG: FileType = { contentType: "image/png", extension: "png" };
const WEBP: FileType = { contentType: "image/webp", extension: "webp" };

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));
const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

/** The ISO base media brands of MP4 video and audio (not QuickTime, HEIF or AVIF images, which share the box). */
const MP4_BRANDS = new Set(["isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "dash", "M4V ", "M4VP", "MSNV", "mmp4", "f4v "]);
const M4A_BRANDS = new Set(["M4A ", "M4B "]);

/** An MPEG audio frame header: sync, MPEG 1/2/2.5, layer III, a bitrate and a sample rate that exist. */
function isMp3Frame(bytes: Uint8Array): boolean {
  const [a, b, c] = [bytes[0] ?? 0, bytes[1] ?? 0, bytes[2] ?? 0];
  return a === 0xff && (b & 0xe0) === 0xe0 && (b & 0x18) !== 0x08 && (b & 0x06) === 0x02 && (c & 0xf0) !== 0xf0 && (c & 0x0c) !== 0x0c;
}

/** The file's type from its first bytes (at least SNIFF_BYTES of them when it has that many), or null when it is none of the accepted ones. */
export function sniffFileType(head: Uint8Array): FileType | null {
  if (ascii(head, 0, 5) === "%PDF-") return PDF;
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    // An EPUB is a ZIP whose first entry, stored uncompressed, is `mimetype` holding its type.
    return ascii(head, 30, 8) === "mimetype" && ascii(head, 38, 20) === "application/epub+zip" ? EPUB : ZIP;
  }
  if (startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return ZIP;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WEBP") return WEBP;
  if (ascii(head, 4, 4) === "ftyp") {
    const brand = ascii(head, 8, 4);
    if (MP4_BRANDS.has(brand)) return MP4;
    if (M4A_BRANDS.has(brand)) return M4A;
    return null;
  }
  if (ascii(head, 0, 3) === "ID3" || isMp3Frame(head)) return MP3;
  return null;
}

/** The name a buyer's download gets: the uploaded one's, its folders and odd characters dropped, ending in the type's extension. */
export function downloadName(sent: string | null, type: FileType): string {
  const base = (sent ?? "")
    .split(/[\\/]/)
    .pop()!
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f"<>:|?*]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .slice(0, 120)
    .trim();
  return `${base || "arquivo"}.${type.extension}`;
}
