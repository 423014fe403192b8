import "server-only";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { processState } from "./host.mjs";

// The process's Prometheus metrics (GET /metrics). One registry per process,
// kept in the host's process state (lib/server/host.mjs): the route handlers
// and the instrumentation bundle all count into the same series. Each
// instance exposes its own numbers; Prometheus adds the instance label when
// it scrapes several.
//
// Labels never carry a raw path, a username or an id: routes are Next's route
// patterns ("/[username]", "/api/links/[id]/click"), the rest are small fixed sets.

export type CountKind = "view" | "click";
type RefusalReason = "bot" | "owner" | "duplicate" | "not_found" | "rate_limited";

/** What a database exposes about its connections (PostgreSQL's pg pool). */
interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const pools = new Set<() => PoolStats>();
  const requests = new Counter({
    name: "vitrine_http_requests_total",
    help: "HTTP requests answered, by route pattern, method and status.",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "vitrine_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route pattern and method.",
    labelNames: ["route", "method"] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const seriesByKey = new Map<string, { count: { inc(): void }; time: { observe(v: number): void } }>();
  const recorded = new Counter({
    name: "vitrine_counts_recorded_total",
    help: "Profile views and link clicks counted.",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  const refused = new Counter({
    name: "vitrine_counts_refused_total",
    help: "Profile views and link clicks not counted, by reason (bot, owner, duplicate, not_found, rate_limited).",
    labelNames: ["kind", "reason"] as const,
    registers: [registry],
  });
  const emails = {
    queued: new Counter({ name: "vitrine_emails_queued_total", help: "E-mails put in the outbox.", registers: [registry] }),
    sent: new Counter({ name: "vitrine_emails_sent_total", help: "E-mails the mail server accepted.", registers: [registry] }),
    failed: new Counter({ name: "vitrine_emails_failed_total", help: "E-mail delivery attempts that failed.", registers: [registry] }),
  };
  const cache = {
    hits: new Counter({ name: "vitrine_page_cache_hits_total", help: "Public pages answered from the in-memory page cache.", registers: [registry] }),
    misses: new Counter({ name: "vitrine_page_cache_misses_total", help: "Public pages read from the database.", registers: [registry] }),
  };
  new Gauge({
    name: "vitrine_db_pool_connections",
    help: "PostgreSQL pool connections by state (total, idle, waiting requests); absent on the embedded database.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.reset();
      if (!pools.size) return;
      const sum = { total: 0, idle: 0, waiting: 0 };
      for (const read of pools) {
        const s = read();
        sum.total += s.total;
        sum.idle += s.idle;
        sum.waiting += s.waiting;
      }
      for (const [state, value] of Object.entries(sum)) this.set({ state }, value);
    },
  });

  return {
    registry,
    observeRequest(route: string, method: string, status: number, seconds: number) {
      const m = METHODS.has(method) ? method : "OTHER";
      // Each label set's series, looked up once: hashing the labels on every
      // request cost as much as answering a warm page.
      const key = `${route}\u0000${m}\u0000${status}`;
      let series = seriesByKey.get(key);
      if (!series) {
        series = { count: requests.labels(route, m, String(status)), time: latency.labels(route, m) };
        seriesByKey.set(key, series);
      }
      series.count.inc();
      series.time.observe(seconds);
    },
    countRecorded: (kind: CountKind) => recorded.inc({ kind }),
    countRefused: (kind: CountKind, reason: RefusalReason) => refused.inc({ kind, reason }),
    emailQueued: () => emails.queued.inc(),
    emailSent: () => emails.sent.inc(),
    emailFailed: () => emails.failed.inc(),
    pageCacheHit: () => cache.hits.inc(),
    pageCacheMiss: () => cache.misses.inc(),
    /** A database pool whose use is reported (returns a function that stops reporting it). */
    watchPool(read: () => PoolStats) {
      pools.add(read);
      return () => void pools.delete(read);
    },
  };
}

type Metrics = ReturnType<typeof createMetrics>;

/** This process's metrics (created on first use). */
export function metrics(): Metrics {
  return processState("metrics", createMetrics);
}

export const observeRequest: Metrics["observeRequest"] = (...args) => metrics().observeRequest(...args);
export const countRecorded = (kind: CountKind) => metrics().countRecorded(kind);
export const countRefused = (kind: CountKind, reason: RefusalReason) => metrics().countRefused(kind, reason);
export const emailQueued = () => metrics().emailQueued();
export const emailSent = () => metrics().emailSent();
export const emailFailed = () => metrics().emailFailed();
export const pageCacheHit = () => metrics().pageCacheHit();
export const pageCacheMiss = () => metrics().pageCacheMiss();
export const watchPool = (read: () => PoolStats) => metrics().watchPool(read);

/** The Prometheus text exposition of every series of this process. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
