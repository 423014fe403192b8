import { resetEnvCache } from "@/lib/server/env";
import { disconnectDatabase } from "@/lib/server/db";
import { resetDatabase } from "../db";

beforeEach(async () => {
  await resetDatabase();
});

afterAll(async () => {
  await disconnectDatabase();
  resetEnvCache();
});
