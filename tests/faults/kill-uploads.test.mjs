// kill -9 in the middle of 20 concurrent avatar uploads (embedded database,
// images on disk): once the app has started again, the files in
// DATA_DIR/uploads are exactly the files the database references: no orphan,
// no temporary or partial file, no reference to a missing file.
import assert from "node:assert/strict";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import { PORT_BASE, SECRET, avatarForm, call, noisePng, register, sleep, startApp, tempDir } from "./lib.mjs";

const USERS = 10;
const UPLOADS_PER_USER = 2;

const listUploads = (dir) => {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
};

async function referencedFiles(dataDir) {
  const pg = new PGlite(path.join(dataDir, "pgdata"));
  try {
    const { rows } = await pg.query(`SELECT "avatarUrl", "coverUrl" FROM "Page"`);
    return rows
      .flatMap((r) => [r.avatarUrl, r.coverUrl])
      .filter((u) => u?.startsWith("/uploads/"))
      .map((u) => u.slice("/uploads/".length))
      .sort();
  } finally {
    await pg.close();
  }
}

test("kill -9 during 20 uploads leaves no orphan or partial file once the app restarts", { timeout: 150_000 }, async (t) => {
  const dataDir = tempDir("vitrine-faults-kill-");
  const uploads = path.join(dataDir, "uploads");
  const env = { DATA_DIR: dataDir, AUTH_SECRET: SECRET, TRUST_PROXY: "true" };
  let app = await startApp({ port: PORT_BASE + 6, env });

  // Every user already has an avatar, so each upload also replaces (and deletes) a file.
  const users = [];
  const first = await noisePng(64);
  for (let i = 0; i < USERS; i++) {
    const { cookie } = await register(app.base, `foto${i}`);
    const res = await call(app.base, "/api/user/avatar", { method: "POST", cookie, body: avatarForm(first) });
    assert.equal(res.status, 200, res.text);
    users.push(cookie);
  }
  const before = new Set(listUploads(uploads));
  assert.equal(before.size, USERS);

  // Big noisy images: decoding and encoding each takes a while, so the
  // uploads overlap and the kill lands while some files are being written.
  const png = await noisePng(1200); // about 4.3 MB: under the 5 MB limit
  let completed = 0;
  const inFlight = users.flatMap((cookie) =>
    Array.from({ length: UPLOADS_PER_USER }, () =>
      call(app.base, "/api/user/avatar", { method: "POST", cookie, body: avatarForm(png), timeout: 60_000 }).then(
        (r) => {
          if (r.status === 200) completed++;
          return r.status;
        },
        () => "killed",
      ),
    ),
  );
  // Kill as the first upload completes: others are then being decoded, written
  // to a temporary file, renamed, or committed.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && completed === 0) await sleep(1);
  await app.kill9();
  const statuses = await Promise.all(inFlight);
  const atKill = listUploads(uploads);
  const orphansAtKill = atKill.filter((f) => !before.has(f)).length;
  // The kill must have landed in the middle of the uploads, or this proves nothing.
  assert.ok(
    statuses.every((s) => s === 200 || s === "killed"),
    `uploads answered ${statuses.join(", ")}`,
  );
  assert.ok(statuses.includes(200) && statuses.includes("killed"), "some uploads were done, others cut off by the kill");
  assert.ok(orphansAtKill > 0, "new files were on disk when the process died");

  // Start again on the same DATA_DIR, then stop cleanly and look at disk and database.
  app = await startApp({ port: PORT_BASE + 6, env });
  const page = await call(app.base, "/foto0");
  assert.equal(page.status, 200, "the app works again");
  const stopped = await app.stop();
  assert.equal(stopped.code, 0);

  const files = listUploads(uploads);
  const referenced = await referencedFiles(dataDir);
  assert.deepEqual(files, referenced, "files on disk = files the database references");
  assert.equal(referenced.length, USERS, "every user still has exactly one avatar");
  for (const f of files) assert.ok(statSync(path.join(uploads, f)).size > 0, `${f} is not empty`);

  t.diagnostic(
    `uploads: ${statuses.filter((s) => s === 200).length} completed before the kill, ${statuses.filter((s) => s === "killed").length} cut off; ` +
      `${atKill.length} files on disk at the kill (${orphansAtKill} new or temporary); ${files.length} after the restart`,
  );
});
