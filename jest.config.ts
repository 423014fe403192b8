import type { Config } from "jest";
import os from "node:os";
import nextJest from "next/jest.js";

// Three projects: pure and component tests; integration tests on the embedded
// database (PGlite); the same integration tests on PostgreSQL when
// TEST_DATABASE_URL is set (CI sets it).

const createJestConfig = nextJest({ dir: "./" });

const shared: Config = {
  moduleNameMapper: {
    "^server-only$": "<rootDir>/tests/setup/empty.cjs",
    "^@/(.*)$": "<rootDir>/$1",
  },
  testPathIgnorePatterns: ["/node_modules/", "/.next/", "/tests/e2e/"],
  // Jest 30 "soft-deletes" each test file's globals by wrapping their
  // properties; an object shared by every file of a worker (react-dom/server,
  // loaded through Node's own require by components/profile/render-profile.ts)
  // gets wrapped once per file until setting a property overflows the stack.
  testEnvironmentOptions: { globalsCleanup: "off" },
};

const integration = (name: string, kind: "pglite" | "postgres"): Config => ({
  ...shared,
  displayName: name,
  testEnvironment: "node",
  testMatch: kind === "postgres" ? ["<rootDir>/**/*.integration.test.ts"] : ["<rootDir>/**/!(*.pg).integration.test.ts"],
  globalSetup: `<rootDir>/tests/setup/global-${kind}.ts`,
  globalTeardown: `<rootDir>/tests/setup/global-teardown.ts`,
  setupFiles: [`<rootDir>/tests/setup/${kind}-env.ts`],
  setupFilesAfterEnv: ["<rootDir>/tests/setup/integration.ts"],
});

const projects: Config[] = [
  {
    ...shared,
    displayName: "unit",
    testEnvironment: "node",
    testMatch: ["<rootDir>/**/*.test.ts", "<rootDir>/**/*.test.tsx"],
    testPathIgnorePatterns: [...(shared.testPathIgnorePatterns ?? []), "\\.integration\\.test\\.ts$"],
    setupFilesAfterEnv: ["<rootDir>/tests/setup/unit.ts"],
  },
  integration("integration:pglite", "pglite"),
];
if (process.env.TEST_DATABASE_URL) projects.push(integration("integration:postgres", "postgres"));

export default async function config(): Promise<Config> {
  const resolved = await Promise.all(
    projects.map(async (project) => {
      const c = (await createJestConfig(project)()) as Config;
      // ESM-only packages (the Prisma 7 query compiler, Auth.js, jose) are compiled for Jest.
      return {
        ...c,
        transformIgnorePatterns: ["/node_modules/(?!(@prisma/client/runtime|next-auth|@auth|jose|@panva|oauth4webapi|preact|preact-render-to-string)/)"],
      };
    }),
  );
  // At least two workers: Jest's default (one fewer than the cores) leaves a
  // 2-core machine one worker while the main process idles. Each worker has
  // its own PostgreSQL database (tests/setup/global-postgres.ts) and PGlite.
  // A test's bound catches a hang. npm test runs Jest beside the browser journeys at a lower
  // priority (scripts/test.mjs), where a test may wait for the cores: twice the bound there.
  const testTimeout = process.env.JEST_BESIDE_E2E ? 60_000 : 30_000;
  return { projects: resolved, testTimeout, maxWorkers: Math.max(2, os.availableParallelism() - 1) };
}
