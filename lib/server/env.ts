import "server-only";
import { z } from "zod";

// The only reader of process.env (STYLE.md habit 5). Values are validated once,
// on first use, and a bad configuration stops the app with a readable list.

const emptyAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUndefined, schema.optional());
const boolean = z.preprocess(emptyAsUndefined, z.enum(["true", "false", "1", "0"]).optional()).transform((v) => v === "true" || v === "1");

/**
 * How many proxies stand in front of the app: `true` = 1, `false` or absent
 * = 0, or their number. lib/server/request.ts reads the client's address that
 * many entries from the right of X-Forwarded-For.
 */
const proxyHops = z
  .preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^(true|false|\d{1,2})$/i, "must be true, false or the number of proxies in front of the app (1, 2, …)")
      .optional(),
  )
  .transform((v) => (v === undefined || /^false$/i.test(v) ? 0 : /^true$/i.test(v) ? 1 : Number(v)));

const postgresUrl = z.url({ error: "must be a postgresql:// URL" }).refine((v) => /^postgres(ql)?:\/\//.test(v), "must be a postgresql:// URL");

export const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(["development", "production", "test"]).default("development")),
  DATABASE_URL: optional(postgresUrl),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default("./.data")),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
  AUTH_SECRET: optional(z.string().min(32, "must have at least 32 characters")),
  GOOGLE_CLIENT_ID: optional(z.string()),
  GOOGLE_JWKS_URL: z.preprocess(emptyAsUndefined, z.url().default("https://www.googleapis.com/oauth2/v3/certs")),
  ADMIN_EMAILS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
  ),
  BLOB_READ_WRITE_TOKEN: optional(z.string()),
  NEXT_PUBLIC_APP_URL: optional(z.url().transform((v) => v.replace(/\/+$/, ""))),
  /** Proxies in front of the app (0: none); see proxyHops. */
  TRUST_PROXY: proxyHops,
  /**
   * Which proxy names the visitor's country: `cloudflare` (its CF-IPCountry
   * header, which it sets on every request and replaces if a client sends
   * one). Absent: behind any other proxy the country is unknown (a client
   * could write the header itself). Vercel's own header is read on Vercel.
   */
  TRUST_PROXY_COUNTRY: optional(z.enum(["cloudflare"], { error: "must be cloudflare, or left empty" })),
  /** smtp://user:pass@host:port or smtps://…; absent: messages are written under DATA_DIR/outbox. */
  SMTP_URL: optional(z.url({ error: "must be an smtp:// or smtps:// URL" }).refine((v) => /^smtps?:\/\//.test(v), "must be an smtp:// or smtps:// URL")),
  /** The sender; default `Vitrine <nao-responda@HOST>` (HOST from NEXT_PUBLIC_APP_URL). */
  MAIL_FROM: optional(z.string().max(200)),
  /** Messages one instance sends at once, one SMTP connection each (lib/email/send-slots.ts); 3 for Microsoft 365. */
  SMTP_MAX_CONNECTIONS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(50).default(8)),
  /** Broadcast messages handed to the outbox per minute, across the instances (sixth release, "Write to your list"). */
  BROADCAST_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1_000_000).default(600)),
  /** Pages one account may own (fourth release; api.md "Pages and teams"). */
  PAGES_PER_ACCOUNT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100).default(5)),
  /** Days of daily statistics kept (api.md, Insights); older days are deleted. */
  STATS_RETENTION_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(36_500).default(400)),
  /** Bearer token of GET /metrics; absent: /metrics answers 404. */
  METRICS_TOKEN: optional(z.string().min(16, "must have at least 16 characters")),
  /** Milliseconds a database statement may run before it is cancelled. */
  DB_STATEMENT_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).default(10_000)),
  /** The address migrations use (a direct, unpooled connection); Neon names it DATABASE_URL_UNPOOLED. */
  DATABASE_URL_UNPOOLED: optional(postgresUrl),
  DIRECT_URL: optional(postgresUrl),
  /** Connections per instance (default 10; 3 under SERVERLESS). */
  DB_POOL_MAX: optional(z.coerce.number().int().min(1).max(100)),
  /**
   * A serverless host: no timer, interval or LISTEN connection; each request's
   * work ends within it or in after(). VERCEL=1 (set by the platform) implies it.
   */
  SERVERLESS: boolean,
  /** Set by Vercel: also its CDN keeps public pages, purged by tag (lib/server/cdn.ts). */
  VERCEL: boolean,
  /**
   * Set by Vercel (a system variable): the project's production domain, no
   * scheme (`vitrine.vercel.app`). Without NEXT_PUBLIC_APP_URL, the public
   * address on Vercel is `https://` + it (lib/server/public-url.ts).
   */
  VERCEL_PROJECT_PRODUCTION_URL: optional(
    z
      .string()
      .trim()
      .regex(/^[a-z0-9.-]+(:\d+)?$/i, "must be a host name, as Vercel sets it (no scheme)"),
  ),
  /**
   * The DNS servers the app asks (comma-separated `host` or `host:port`), for
   * custom domains' verification and outgoing requests; absent: the system's
   * (lib/server/dns.ts).
   */
  DNS_SERVERS: optional(
    z
      .string()
      .trim()
      .regex(/^[^,\s]+(\s*,\s*[^,\s]+)*$/, "must be a comma-separated list of host or host:port")
      .transform((v) => v.split(",").map((s) => s.trim())),
  ),
  /**
   * Outgoing requests (webhooks, the Linktree import) may reach private,
   * loopback and link-local addresses: development and tests only
   * (lib/server/outbound.ts).
   */
  ALLOW_PRIVATE_OUTBOUND: boolean,
  /**
   * Where the Linktree import fetches a profile page (`{origin}/{name}`);
   * tests and mirrors name another (api.md, Bring your page, share it).
   */
  LINKTREE_ORIGIN: z.preprocess(
    emptyAsUndefined,
    z
      .url()
      .default("https://linktr.ee")
      .transform((v) => v.replace(/\/+$/, "")),
  ),
  /**
   * The host name custom domains point at (api.md, Custom domains): a CNAME
   * target, whose addresses an apex's A/AAAA records copy. Absent: custom
   * domains are off (their endpoints answer 404, no screen offers them).
   */
  CUSTOM_DOMAIN_TARGET: optional(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(?=.{1,253}\.?$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}\.?$/, "must be a host name (cname.example.com)")
      .transform((v) => v.replace(/\.$/, "")),
  ),
  /** Vercel's REST API: with the project's id, a custom domain is added to (and removed from) the project (lib/domains/vercel-domains.ts). */
  VERCEL_API_TOKEN: optional(z.string()),
  VERCEL_PROJECT_ID: optional(z.string()),
  VERCEL_TEAM_ID: optional(z.string()),
  VERCEL_API_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url()
      .default("https://api.vercel.com")
      .transform((v) => v.replace(/\/+$/, "")),
  ),
  /** Bearer token of GET /api/cron/jobs (at least 16 characters); absent: that route answers 404. */
  CRON_SECRET: optional(z.string().min(16, "must have at least 16 characters")),
  /**
   * Selling with Pix (api.md): the operator's Mercado Pago application, through
   * which creators connect their accounts, and the secret that signs its
   * notifications. Without all three selling is off (lib/selling/selling-config.ts).
   */
  MERCADOPAGO_CLIENT_ID: optional(z.string().trim()),
  MERCADOPAGO_CLIENT_SECRET: optional(z.string().trim()),
  MERCADOPAGO_WEBHOOK_SECRET: optional(z.string().trim()),
  /** Mercado Pago's API and its authorisation page; tests name a stand-in. */
  MERCADOPAGO_API_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url()
      .default("https://api.mercadopago.com")
      .transform((v) => v.replace(/\/+$/, "")),
  ),
  MERCADOPAGO_AUTH_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url()
      .default("https://auth.mercadopago.com.br")
      .transform((v) => v.replace(/\/+$/, "")),
  ),
  /** Milliseconds a call to Mercado Pago may take (default 10000); tests shorten it. */
  MERCADOPAGO_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(60_000).default(10_000)),
  /** The operator's share of each sale, in percent (0 to 20, default 0), as Mercado Pago's `application_fee`. */
  PLATFORM_FEE_PERCENT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number({ error: "must be a number from 0 to 20" }).min(0, "must be a number from 0 to 20").max(20, "must be a number from 0 to 20").default(0),
  ),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** True on a serverless host (SERVERLESS=1, or VERCEL=1 which the platform sets). */
export function isServerless(e: Env = env()): boolean {
  return e.SERVERLESS || e.VERCEL;
}

/** Where migrations run: the direct address when one is given, else DATABASE_URL. */
export function migrationUrl(e: Env = env()): string | undefined {
  return e.DATABASE_URL_UNPOOLED ?? e.DIRECT_URL ?? e.DATABASE_URL;
}

/** The validated configuration of this process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests change the environment between suites; production never calls this. */
export function resetEnvCache() {
  cached = undefined;
}
