import { resetEnvCache } from "@/lib/server/env";
import { disconnectDatabase } from "@/lib/server/db";
import { clearProfileCache, stopProfileListener } from "@/lib/profile/profile-cache";
import { resetDatabase } from "../db";

beforeEach(async () => {
  await resetDatabase();
  // Tests also write rows directly, past the mutations that invalidate it.
  clearProfileCache();
});

afterAll(async () => {
  await stopProfileListener();
  await disconnectDatabase();
  resetEnvCache();
});
