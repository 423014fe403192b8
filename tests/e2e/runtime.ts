import { test } from "@playwright/test";

// The browser journeys run once per runtime the app is documented for
// (playwright.config.ts: one project and one server each, on one build):
//  - "npm-start": `node server.mjs`, the long-lived server with its fast paths
//    (prerendered public pages, brotli for the build's scripts), the socket's
//    address and its job timer;
//  - "next-start": `next start` with SERVERLESS=1, as a serverless host runs
//    the app: no server.mjs, no timer (jobs only from GET /api/cron/jobs with
//    CRON_SECRET), Next's own compression.
// A spec that checks something only one of them does says what holds in each
// by asking runtime(); no journey is skipped under either.

export const RUNTIMES = ["npm-start", "next-start"] as const;
export type RuntimeName = (typeof RUNTIMES)[number];

/** The e2e servers' METRICS_TOKEN and CRON_SECRET (playwright.config.ts). */
export const E2E_METRICS_TOKEN = "e2e-metrics-token-0123456789";
export const E2E_CRON_SECRET = "e2e-cron-secret-0123456789";

export interface RuntimeMetadata {
  runtime: RuntimeName;
  /** The server's DATA_DIR: its embedded database and its outbox (no SMTP_URL). */
  dataDir: string;
}

export interface Runtime extends RuntimeMetadata {
  /** True under `next start` with SERVERLESS=1: no server.mjs, no timer. */
  serverless: boolean;
}

/** The runtime of the server the running test talks to (its project's metadata). */
export function runtime(): Runtime {
  const meta = test.info().project.metadata as RuntimeMetadata;
  if (!meta?.runtime || !meta.dataDir) throw new Error("the Playwright project names no runtime (playwright.config.ts)");
  return { ...meta, serverless: meta.runtime === "next-start" };
}

/** CUSTOM_DOMAIN_TARGET of both legs (tests/e2e/custom-domains.spec.ts). */
export const E2E_DOMAIN_TARGET = "cname.vitrine-e2e.test";
/** The UDP port of the DNS server a leg's app asks (DNS_SERVERS), started by the spec that needs it: the leg's port + 40. */
export const e2eDnsPort = (appPort: number) => appPort + 40;
