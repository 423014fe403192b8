import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { replaceImage, storeImage } from "./store-image";
import { sweepOrphanUploads, sweepOrphansAtStart } from "./sweep-orphans";
import { diskStorage } from "./disk-storage";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { uploadsDir, type ImageStorage } from "./image-storage";
import { createPage, createUser } from "@/tests/factories";
import { clearUploads, solidImage, uploadPath, uploadedFiles } from "@/tests/helpers/images";

beforeEach(clearUploads);

describe("replaceImage", () => {
  it("deletes the new file when the database commit fails, and leaves the old one in place", async () => {
    const old = await storeImage(await solidImage("png"), "avatar");
    await expect(
      replaceImage({
        bytes: await solidImage("jpeg"),
        variant: "avatar",
        commit: async () => {
          throw new Error("database down");
        },
      }),
    ).rejects.toThrow("database down");
    expect(uploadedFiles()).toEqual([old.split("/").pop()]);
  });

  it("answers 503 and stores nothing when the storage fails (a full disk)", async () => {
    const failing: ImageStorage = {
      save: async () => {
        throw Object.assign(new Error("no space left on device"), { code: "ENOSPC" });
      },
      owns: () => true,
      remove: async () => {},
    };
    const commit = jest.fn();
    const error = await replaceImage({ bytes: await solidImage("png"), variant: "cover", commit, storage: failing }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
    expect(commit).not.toHaveBeenCalled();
  });

  it("never leaves a temporary file behind when a write fails", async () => {
    const dir = uploadsDir();
    const storage = diskStorage(dir);
    // A name that exists as a directory: the rename fails after the temp file is written.
    const name = `cover-${"b".repeat(32)}.webp`;
    mkdirSync(path.join(dir, name, "x"), { recursive: true });
    await expect(storage.save(name, new Uint8Array([1, 2, 3]))).rejects.toThrow();
    expect(uploadedFiles()).toEqual([name]);
  });

  it("leaves foreign URLs alone (a Google photo is not ours to delete)", async () => {
    const url = await replaceImage({
      bytes: await solidImage("png"),
      variant: "avatar",
      commit: async (u) => ({ result: u, previous: "https://lh3.googleusercontent.com/a/foto.jpg" }),
    });
    expect(existsSync(uploadPath(url))).toBe(true);
  });
});

describe("sweepOrphanUploads", () => {
  it("removes old unreferenced images and temporary files, keeping referenced and recent ones", async () => {
    const dir = uploadsDir();
    mkdirSync(dir, { recursive: true });
    const inUse = await storeImage(await solidImage("png"), "avatar");
    const cover = await storeImage(await solidImage("png"), "cover");
    await db.page.update({ where: { id: (await createUser()).id }, data: { avatarUrl: inUse } });
    // A second page's cover is as referenced as a first page's.
    await db.page.update({ where: { id: (await createPage((await createUser()).id)).id }, data: { coverUrl: cover } });
    const orphan = await storeImage(await solidImage("png"), "avatar");
    const fresh = await storeImage(await solidImage("png"), "cover");
    writeFileSync(path.join(dir, ".tmp-0123"), "half");
    writeFileSync(path.join(dir, "README"), "not ours");
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of [inUse, cover, orphan].map((u) => u.split("/").pop()!).concat(".tmp-0123", "README")) {
      utimesSync(path.join(dir, name), hoursAgo, hoursAgo);
    }
    expect(await sweepOrphanUploads()).toBe(2);
    expect(uploadedFiles().sort()).toEqual(
      [inUse, cover, fresh]
        .map((u) => u.split("/").pop()!)
        .concat("README")
        .sort(),
    );
  });

  it("at start on the embedded database, removes every unreferenced and temporary file at once (left by kill -9)", async () => {
    const dir = uploadsDir();
    mkdirSync(dir, { recursive: true });
    const inUse = await storeImage(await solidImage("png"), "avatar");
    await db.page.update({ where: { id: (await createUser()).id }, data: { avatarUrl: inUse } });
    const renamedNotCommitted = await storeImage(await solidImage("png"), "avatar");
    writeFileSync(path.join(dir, ".tmp-4567"), "half written");
    writeFileSync(path.join(dir, "README"), "not ours");
    const name = (url: string) => url.split("/").pop()!;

    // PostgreSQL: another instance may be uploading into a shared folder, so recent files stay.
    expect(await sweepOrphansAtStart("postgres", dir)).toBe(0);
    expect(uploadedFiles().sort()).toEqual([name(inUse), name(renamedNotCommitted), ".tmp-4567", "README"].sort());

    // PGlite: this process alone uses DATA_DIR, so nothing can be in progress.
    expect(await sweepOrphansAtStart("pglite", dir)).toBe(2);
    expect(uploadedFiles().sort()).toEqual([name(inUse), "README"].sort());
  });
});
