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
});
