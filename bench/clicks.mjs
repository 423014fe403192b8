// Counted clicks on PostgreSQL: exactly 20,000 requests at 100 connections,
// one visitor address each, against Next's static file handler at the same
// concurrency in the same run. Counts are answered on the server's fast path
// and committed in groups (lib/stats/count-fast-path.ts, count-queue.ts);
// "lost" compares the 204s received with what the database holds. Each
// request carries its own count id, as the beacon sends it, so every click
// also stores (and first looks up) its receipt.
import { randomUUID } from "node:crypto";
import { PHONE_UA, api, cannon, ratio, summary } from "./lib.mjs";

const TOTAL = 20_000;
const CONNECTIONS = 100;

/** `afterClicks` runs once the clicks are answered, before the baselines (what it measures is the clicks' alone). */
export async function benchClicks({ base, cookie, line, afterClicks = async () => {} }) {
  const links = await (await api(base, "/api/links", { cookie })).json();
  const target = links.find((l) => l.kind !== "header");
  // Warm the fast path and the visitor key (a handful of counts, from addresses outside the run's).
  for (let i = 0; i < 5; i++) {
    await api(base, `/api/links/${target.id}/click`, { method: "POST", headers: { "x-forwarded-for": `192.0.2.${i + 1}` } });
  }
  const before = await storedClicks(base, cookie, target.id);

  let n = 0;
  const clicks = await cannon({
    url: base,
    connections: CONNECTIONS,
    amount: TOTAL,
    requests: [
      {
        method: "POST",
        path: `/api/links/${target.id}/click`,
        setupRequest: (req) => {
          n += 1;
          return {
            ...req,
            headers: {
              ...req.headers,
              "content-type": "text/plain;charset=UTF-8",
              "user-agent": PHONE_UA,
              "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify({ referrer: "https://l.instagram.com/", id: randomUUID() }),
          };
        },
      },
    ],
  });
  const accepted = clicks["2xx"];
  await afterClicks();
  const stored = (await storedClicks(base, cookie, target.id)) - before;
  const staticRun = await cannon({ url: `${base}/icon.svg`, connections: CONNECTIONS, amount: TOTAL, headers: { "user-agent": PHONE_UA } });
  const staticFile = { ...summary(staticRun), rps: rate(staticRun) };
  // The least a route handler costs here, with no fast path under either command:
  // GET /robots.txt (no database) and GET /api/health (one SELECT 1).
  const robotsRun = await cannon({ url: `${base}/robots.txt`, connections: CONNECTIONS, amount: TOTAL, headers: { "user-agent": PHONE_UA } });
  const robots = rate(robotsRun);
  const healthRun = await cannon({ url: `${base}/api/health`, connections: CONNECTIONS, amount: TOTAL, headers: { "user-agent": PHONE_UA } });
  const health = rate(healthRun);
  const perSecond = rate(clicks);

  line("");
  line(`Clicks on PostgreSQL: ${TOTAL.toLocaleString("en")} requests at ${CONNECTIONS} connections (fast path, group commit)`);
  line(
    `counted clicks/s: ${perSecond}; p50 ${clicks.latency.p50} ms, p99 ${clicks.latency.p99} ms; accepted (204): ${accepted}; stored: ${stored}; lost: ${accepted - stored}; refused: ${clicks.non2xx}; errors: ${clicks.errors + clicks.timeouts}`,
  );
  line(
    `baseline, Next static file (/icon.svg) at ${CONNECTIONS} connections: ${staticFile.rps} req/s; ratio counted clicks/static file = ${ratio(perSecond, staticFile.rps)} (target ≥ 1.0; counted clicks/s target ≥ 2,000)`,
  );
  line(
    `baseline, a route handler with no database (GET /robots.txt) at ${CONNECTIONS} connections: ${robots} req/s (${robotsRun.non2xx} not 200); ratio counted clicks/that route = ${ratio(perSecond, robots)}`,
  );
  line(
    `baseline, the health route handler (GET /api/health, one SELECT 1) at ${CONNECTIONS} connections: ${health} req/s (${healthRun.non2xx} not 200); ratio counted clicks/health route = ${ratio(perSecond, health)}`,
  );
}

/** Requests answered ÷ the time from the run's start to its last answer (lib.mjs's cannon). */
function rate(result) {
  return Math.round(result.requests.total / result.busySeconds);
}

async function storedClicks(base, cookie, id) {
  return (await (await api(base, "/api/links", { cookie })).json()).find((l) => l.id === id).clicks;
}
