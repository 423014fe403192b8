import { UPLOAD_PART_BYTES } from "@/lib/images/upload-limits";
import { apiErrorOf } from "./api";

// What the browser sends for an image field: the file itself when it fits in
// one request under a serverless host's 4.5 MB body limit, otherwise its parts
// (PUT /api/uploads/{id}/{index}, at most 4 MiB each) and then the upload's id
// in the field, which the server joins, checks and re-encodes the same way.

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return Array.from(bytes, (b) => b.toString(36).padStart(2, "0")).join("");
}

/** Appends `file` to `form` under `field`, sending it ahead in parts when it is large. */
export async function appendImage(form: FormData, field: string, file: File): Promise<void> {
  if (file.size <= UPLOAD_PART_BYTES) {
    form.append(field, file);
    return;
  }
  const id = randomId();
  for (let index = 0, offset = 0; offset < file.size; index++, offset += UPLOAD_PART_BYTES) {
    const res = await fetch(`/api/uploads/${id}/${index}`, {
      method: "PUT",
      credentials: "include",
      headers: { accept: "application/json", "content-type": "application/octet-stream" },
      body: file.slice(offset, offset + UPLOAD_PART_BYTES),
    });
    if (!res.ok) throw await apiErrorOf(res);
  }
  form.append(field, id);
}
