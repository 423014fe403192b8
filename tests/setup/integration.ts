import { rmSync } from "node:fs";
import { resetEnvCache } from "@/lib/server/env";
import { disconnectDatabase } from "@/lib/server/db";
import { clearProfileCache, stopLookingForChanges } from "@/lib/profile-cache/profile-cache";
import { markHost } from "@/lib/server/host.mjs";
import { resetDatabase } from "../db";

// As under npm start: server.mjs puts the socket's address in
// x-vitrine-client-ip, which the tests' requests carry (tests/helpers/request.ts).
markHost({ setsClientIp: true });

beforeEach(async () => {
  await resetDatabase();
  // Tests also write rows directly, past the mutations that invalidate it.
  clearProfileCache();
});

afterAll(async () => {
  stopLookingForChanges();
  await disconnectDatabase();
  resetEnvCache();
  // This file's own directory (tests/setup/*-env.ts: the embedded database's
  // 40 MB copy, the uploads), most often on the memory file system: gone with
  // the file rather than at the run's end.
  const root = process.env.VITRINE_TEST_ROOT;
  const dir = process.env.DATA_DIR;
  if (root && dir?.startsWith(root)) rmSync(dir, { recursive: true, force: true });
});
