import "server-only";
import { del, put } from "@vercel/blob";
import type { ImageStorage } from "./image-storage";
import { STORED_NAME_PATTERN } from "./image-rules";

// Vercel Blob. Its client retries for minutes when the service is out of
// reach (NOTES.md), so every call is bounded: an abort signal stops the
// client, and the race below answers even while it sleeps between retries.

export const BLOB_TIMEOUT_MS = 15_000;
const FOLDER = "images";

export function bounded<T>(work: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`Vercel Blob did not answer within ${ms} ms`));
    }, ms);
  });
  return Promise.race([work(controller.signal), timeout]).finally(() => clearTimeout(timer));
}

export function blobStorage(token: string, timeoutMs = BLOB_TIMEOUT_MS): ImageStorage {
  const owns = (url: string) => {
    try {
      const u = new URL(url);
      const name = u.pathname.split("/").pop() ?? "";
      return (
        u.protocol === "https:" && u.hostname.endsWith(".blob.vercel-storage.com") && u.pathname === `/${FOLDER}/${name}` && STORED_NAME_PATTERN.test(name)
      );
    } catch {
      return false;
    }
  };
  return {
    async save(name, bytes) {
      if (!STORED_NAME_PATTERN.test(name)) throw new Error(`not a stored image name: ${name}`);
      const result = await bounded(
        (abortSignal) =>
          put(`${FOLDER}/${name}`, Buffer.from(bytes), {
            access: "public",
            contentType: "image/webp",
            addRandomSuffix: false,
            cacheControlMaxAge: 31_536_000,
            token,
            abortSignal,
          }),
        timeoutMs,
      );
      return result.url;
    },
    owns,
    async remove(url) {
      if (!owns(url)) return;
      await bounded((abortSignal) => del(url, { token, abortSignal }), timeoutMs);
    },
  };
}
