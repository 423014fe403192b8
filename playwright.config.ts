import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_METRICS_TOKEN } from "./tests/e2e/helpers";

// Browser journeys against the production build on a fresh embedded database.
// Chromium: the system's (/usr/bin/chromium) where there is one, else the one
// `npx playwright install chromium` downloaded (scripts/ensure-browser.mjs).

const PORT = Number(process.env.E2E_PORT ?? 3210);
const systemChromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "vitrine-e2e-"));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: systemChromium,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: process.env.E2E_SKIP_BUILD ? "node server.mjs" : "npm run build && node server.mjs",
    url: `http://localhost:${PORT}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
      ADMIN_EMAILS: "admin@vitrine.test",
      // Specs that create accounts through the API give each one its own
      // X-Forwarded-For, so the sign-up limit (20 an hour per address) holds
      // for the browser journeys without throttling the suite.
      TRUST_PROXY: "true",
      NEXT_PUBLIC_APP_URL: "",
      // GET /metrics is checked through this server (tests/e2e/operations.spec.ts).
      METRICS_TOKEN: E2E_METRICS_TOKEN,
    },
  },
});
