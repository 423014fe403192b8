import { deflateSync } from "node:zlib";
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { BASE_URL } from "./request";

// Image fixtures made on the fly, and multipart requests for the upload routes.

export function solidImage(format: "jpeg" | "png" | "webp" | "gif", width = 64, height = 48, colour = "#3b82f6") {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG carrying GPS position, a camera name and an XMP packet in its metadata. */
export function jpegWithGps(width = 300, height = 200) {
  return sharp({ create: { width, height, channels: 3, background: "#10b981" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "CameraSecreta", Copyright: "Ana Souza" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "23/1 33/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "46/1 38/1 0/1" },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>SEGREDO-XMP</rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
}

/** A JPEG stored sideways: EXIF orientation 6 (rotate 90° clockwise to view). */
export function sidewaysJpeg(width = 300, height = 200) {
  return sharp({ create: { width, height, channels: 3, background: "#f97316" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A 68-byte PNG whose header claims 50,000 × 50,000 pixels (a decompression bomb's calling card). */
export function pngBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const idat = deflateSync(Buffer.alloc(3));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", idat),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
  return png;
}

export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');

/** Starts like a GIF, then is HTML: no GIF decoder reads it. */
export const BROKEN_GIF_POLYGLOT = Buffer.from("GIF89a=1;<html><body><script>alert(document.cookie)</script></body></html>");

/** A real GIF that carries an HTML document in a comment extension: it decodes. */
export async function decodableGifPolyglot(): Promise<Buffer> {
  const gif = await solidImage("gif", 8, 8, "#ec4899");
  const packed = gif[10]!;
  const tableSize = packed & 0x80 ? 3 * (1 << ((packed & 7) + 1)) : 0;
  const at = 13 + tableSize;
  const html = Buffer.from("<html><script>alert(document.cookie)</script></html>");
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, html.length]), html, Buffer.from([0])]);
  return Buffer.concat([gif.subarray(0, at), comment, gif.subarray(at)]);
}

export const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

type Files = Record<string, { bytes: Uint8Array; name?: string; type?: string }>;

/** A multipart POST like a browser's FormData upload. */
export function multipartRequest(
  pathname: string,
  init: { cookie?: string; fields?: Record<string, string>; files?: Files; headers?: Record<string, string> } = {},
): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(init.fields ?? {})) form.append(name, value);
  for (const [name, file] of Object.entries(init.files ?? {})) {
    form.append(name, new Blob([file.bytes as BlobPart], { type: file.type ?? "image/png" }), file.name ?? "foto.png");
  }
  return new Request(`${BASE_URL}${pathname}`, {
    method: "POST",
    headers: { "x-vitrine-client-ip": "203.0.113.10", ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers },
    body: form,
  });
}

/** The stored images in DATA_DIR/uploads (temporary files included). */
export function uploadedFiles(): string[] {
  try {
    return readdirSync(path.resolve(process.env.DATA_DIR!, "uploads")).sort();
  } catch {
    return [];
  }
}

export function uploadPath(url: string): string {
  return path.resolve(process.env.DATA_DIR!, "uploads", url.replace(/^\/uploads\//, ""));
}

/** Each test starts with an empty uploads folder (the database is emptied by the setup). */
export function clearUploads() {
  rmSync(path.resolve(process.env.DATA_DIR!, "uploads"), { recursive: true, force: true });
}
