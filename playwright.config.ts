import { mkdirSync, mkdtempSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";
import { CHROMIUM_ARGS, JOURNEY_CHROMIUM } from "./tests/e2e/browser";
import { scratchDir } from "./tests/setup/scratch.mjs";
import { E2E_CRON_SECRET, E2E_DOMAIN_TARGET, E2E_METRICS_TOKEN, RUNTIMES, e2eDnsPort, type RuntimeMetadata, type RuntimeName } from "./tests/e2e/runtime";

// Browser journeys against the production build, once under each runtime the
// app is documented for (tests/e2e/runtime.ts), on one build:
//  - "npm-start":  `node server.mjs` on E2E_PORT (default 3210);
//  - "next-start": `next start` with SERVERLESS=1 on E2E_NEXT_PORT
//    (default E2E_PORT + 1), as a serverless host runs it.
// Each has its own fresh embedded database (under E2E_DATA_DIR, default a new
// directory in memory where the machine has /dev/shm: tests/setup/scratch.mjs)
// and its own Playwright project; the two run side by side, each one test at
// a time (E2E_WORKERS=1 runs them one after the other). E2E_RUNTIMES=next-start
// (or npm-start) runs one of them; the first server started builds the app
// first unless E2E_SKIP_BUILD=1.
// The two legs also see the two ways an operator may leave the settings of
// addresses: npm start behind a proxy (TRUST_PROXY) with its public address
// set (NEXT_PUBLIC_APP_URL), next start with neither (the defaults).
// Chromium: Debian's headless shell, else the system's Chromium, else the one
// `npx playwright install chromium` downloaded (tests/e2e/browser.ts).

const PORT = Number(process.env.E2E_PORT ?? 3210);
const NEXT_PORT = Number(process.env.E2E_NEXT_PORT ?? PORT + 1);
// The Linktree import's stand-in (tests/helpers/linktree-stand-in.mjs), which both legs fetch from
// (LINKTREE_ORIGIN; on loopback, so with ALLOW_PRIVATE_OUTBOUND as in development).
const LINKTREE_PORT = Number(process.env.E2E_LINKTREE_PORT ?? PORT + 7);
// The Mercado Pago stand-in (tests/helpers/mercadopago-stand-in-server.mjs): with it both legs sell
// (api.md, Selling with Pix), its consent page and API on loopback; tests/e2e/selling.spec.ts drives it.
const MERCADOPAGO_PORT = Number(process.env.E2E_MERCADOPAGO_PORT ?? PORT + 8);
const MERCADOPAGO = {
  MERCADOPAGO_CLIENT_ID: "1234567890123456",
  MERCADOPAGO_CLIENT_SECRET: "e2e-mercadopago-client-secret",
  MERCADOPAGO_WEBHOOK_SECRET: "e2e-mercadopago-webhook-secret",
  MERCADOPAGO_API_URL: `http://127.0.0.1:${MERCADOPAGO_PORT}`,
  MERCADOPAGO_AUTH_URL: `http://127.0.0.1:${MERCADOPAGO_PORT}`,
};
process.env.E2E_MERCADOPAGO_URL = MERCADOPAGO.MERCADOPAGO_API_URL;
// The config is read again in each worker: the directory made here is passed on in the environment.
const dataRoot = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(scratchDir(), "vitrine-e2e-"));
process.env.E2E_DATA_DIR = dataRoot;

const selected: RuntimeName[] = (process.env.E2E_RUNTIMES ?? RUNTIMES.join(","))
  .split(",")
  .map((r) => r.trim())
  .filter(Boolean)
  .map((r) => {
    if (!(RUNTIMES as readonly string[]).includes(r)) throw new Error(`E2E_RUNTIMES: unknown runtime "${r}" (${RUNTIMES.join(", ")})`);
    return r as RuntimeName;
  });

const legs = {
  "npm-start": {
    port: PORT,
    start: "node server.mjs",
    // Specs that create accounts through the API give each one its own
    // X-Forwarded-For, so the sign-up limit (20 an hour per address) holds
    // for the browser journeys without throttling the suite.
    env: { SERVERLESS: "", TRUST_PROXY: "true", NEXT_PUBLIC_APP_URL: `http://localhost:${PORT}` },
  },
  "next-start": {
    port: NEXT_PORT,
    // The serverless build applies migrations (vercel.json's buildCommand);
    // the app there only checks them when it starts.
    start: `npm run --silent db:migrate && node node_modules/next/dist/bin/next start -p ${NEXT_PORT} --keepAliveTimeout 65000`,
    // No proxy setting and no public address: plain next start knows no
    // client address (limits by address are off, every count is stored) and
    // every address the app writes comes from its own defaults.
    env: { SERVERLESS: "1", TRUST_PROXY: "", NEXT_PUBLIC_APP_URL: "" },
  },
} satisfies Record<RuntimeName, { port: number; start: string; env: Record<string, string> }>;

const dataDirOf = (r: RuntimeName) => {
  const dir = path.join(dataRoot, r);
  mkdirSync(dir, { recursive: true });
  return dir;
};

const webServer: PlaywrightTestConfig["webServer"] = selected.map((r, i) => ({
  // Playwright starts its servers one after the other: the first one builds.
  command: i === 0 && !process.env.E2E_SKIP_BUILD ? `npm run build && ${legs[r].start}` : legs[r].start,
  url: `http://localhost:${legs[r].port}/api/health`,
  timeout: 300_000,
  reuseExistingServer: false,
  stdout: "ignore",
  stderr: "pipe",
  env: {
    PORT: String(legs[r].port),
    DATA_DIR: dataDirOf(r),
    // Both legs on one PostgreSQL when it is given (the specs make their own accounts).
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
    ADMIN_EMAILS: "admin@vitrine.test",
    // GET /metrics is checked through this server (tests/e2e/operations.spec.ts).
    METRICS_TOKEN: E2E_METRICS_TOKEN,
    // GET /api/cron/jobs: the serverless host's only way to run jobs.
    CRON_SECRET: E2E_CRON_SECRET,
    // The stand-in Linktree (tests/e2e/linktree-qr.spec.ts) and webhooks to a receiver the journey
    // starts on 127.0.0.1 (tests/e2e/api-webhooks.spec.ts) are on loopback.
    LINKTREE_ORIGIN: `http://127.0.0.1:${LINKTREE_PORT}`,
    ALLOW_PRIVATE_OUTBOUND: "1",
    // Custom domains on, verified against the DNS server tests/e2e/custom-domains.spec.ts starts on this leg's port.
    CUSTOM_DOMAIN_TARGET: E2E_DOMAIN_TARGET,
    DNS_SERVERS: `127.0.0.1:${e2eDnsPort(legs[r].port)}`,
    ...MERCADOPAGO,
    ...legs[r].env,
  },
}));
webServer.push({
  command: `node tests/e2e/linktree-stand-in-server.mjs ${LINKTREE_PORT}`,
  url: `http://127.0.0.1:${LINKTREE_PORT}/health`,
  timeout: 30_000,
  reuseExistingServer: false,
  stdout: "ignore",
  stderr: "pipe",
});

webServer.push({
  command: `node tests/helpers/mercadopago-stand-in-server.mjs ${MERCADOPAGO_PORT}`,
  url: `http://127.0.0.1:${MERCADOPAGO_PORT}/health`,
  timeout: 30_000,
  reuseExistingServer: false,
  stdout: "ignore",
  stderr: "pipe",
  env: MERCADOPAGO,
});

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // One worker per leg: the legs side by side.
  workers: Number(process.env.E2E_WORKERS ?? selected.length),
  retries: 0,
  // A journey's bound catches a hang; it is not a speed measure (the benches
  // are). CI's machine has run the suite 2.5× slower than a quiet one (the
  // pages-and-teams journey: 22 s here, past 60 s there), so 2 minutes.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // The list, then each runtime's counts and wall time (tests/e2e/leg-times.ts).
  reporter: [["list"], ["./tests/e2e/leg-times.ts"]],
  outputDir: "test-results",
  use: {
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    // A failed journey keeps its trace: each step's DOM, network and console, which is
    // what a diagnosis reads. Not the screencast's frames, which cost every journey
    // the screenshots' encoding all along (the failure's own screenshot is kept).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: JOURNEY_CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  projects: selected.map((r) => ({
    name: r,
    // One test at a time against each server: the specs share accounts and limits.
    workers: 1,
    metadata: { runtime: r, dataDir: dataDirOf(r) } satisfies RuntimeMetadata,
    use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://localhost:${legs[r].port}` },
  })),
  webServer,
});
