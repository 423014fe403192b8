import "server-only";
import { AppError } from "@/lib/server/errors";
import { readBody } from "@/lib/server/http";
import { imagesStrings } from "@/lib/strings/images";
import { MAX_IMAGE_BYTES, MULTIPART_OVERHEAD_BYTES } from "./image-rules";
import { takeUploadedBytes } from "./upload-parts";
import { UPLOAD_PART_BYTES, uploadIdSchema } from "./upload-schemas";

const strings = { images: imagesStrings };

// Upload routes have no body limit of their own (NOTES.md): the body is read
// through a byte counter that stops past 5 MB plus the multipart overhead,
// whatever Content-Length claims, and only then parsed. An image field may
// instead carry the id of an upload sent in parts (lib/images/upload-parts.ts,
// for hosts that refuse bodies over 4.5 MB): its bytes are taken from there
// and go through the very same checks.

/** The fields that carry an image, as a file or as the id of an upload in parts. */
const IMAGE_FIELDS = ["avatar", "cover", "thumbnail"];

interface ImageForm {
  /** Text fields; the first value of a repeated name. */
  fields: Record<string, string>;
  /** Non-empty files by field name, at most 5 MB each. */
  files: Record<string, Uint8Array>;
}

const tooLarge = () => new AppError("payload_too_large", { message: strings.images.tooLarge });
const notMultipart = () => new AppError("invalid_input", { message: strings.images.notMultipart });

export async function readImageForm(req: Request, userId: string): Promise<ImageForm> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(contentType)) throw notMultipart();
  let bytes: Uint8Array;
  try {
    bytes = await readBody(req, MAX_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES);
  } catch (error) {
    if (error instanceof AppError && error.code === "payload_too_large") throw tooLarge();
    throw error;
  }
  let form: FormData;
  try {
    form = await new Response(bytes as BodyInit, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw notMultipart();
  }
  const out: ImageForm = { fields: {}, files: {} };
  for (const [name, value] of form) {
    if (typeof value === "string") {
      out.fields[name] ??= value;
    } else if (value.size > MAX_IMAGE_BYTES) {
      throw tooLarge();
    } else if (value.size > 0 && !out.files[name]) {
      out.files[name] = new Uint8Array(await value.arrayBuffer());
    }
  }
  for (const field of IMAGE_FIELDS) {
    const named = out.fields[field];
    if (out.files[field] || named === undefined) continue;
    delete out.fields[field];
    if (!uploadIdSchema.safeParse(named).success)
      throw new AppError("invalid_input", { message: strings.images.missingFile, errors: { [field]: strings.images.missingFile } });
    out.files[field] = await takeUploadedBytes(userId, named);
  }
  return out;
}

/** The file of `field`, or a 400 naming that field. */
export function requireFile(form: ImageForm, field: string): Uint8Array {
  const file = form.files[field];
  if (!file) throw new AppError("invalid_input", { message: strings.images.missingFile, errors: { [field]: strings.images.missingFile } });
  return file;
}

/** One part of an upload in parts: at most 4 MiB, counted as it is read. */
export async function readImagePart(req: Request): Promise<Uint8Array> {
  try {
    return await readBody(req, UPLOAD_PART_BYTES);
  } catch (error) {
    if (error instanceof AppError && error.code === "payload_too_large") throw tooLarge();
    throw error;
  }
}
