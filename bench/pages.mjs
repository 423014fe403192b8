// The app's own pages, called from run.mjs with its running app and signed-in
// owner: the prerendered signed-out pages (lib/server/static-pages.ts) against
// Next's static file handler in the same run, the dashboard's server time per
// request, and Lighthouse mobile (median of 3) with each page's JavaScript as
// the browser downloaded it.
import { PHONE_UA, cannon, launchChrome, median, ratio, summary } from "./lib.mjs";

const SIGNED_OUT = [
  ["landing /", "/"],
  ["/login", "/login"],
  ["/register", "/register"],
];
const BROWSER = { "user-agent": PHONE_UA, "accept-encoding": "gzip, deflate, br", accept: "text/html,*/*" };

export async function benchPages({ base, cookie, line, seconds = 8 }) {
  // Each page is prerendered by its first request; wait until it is served from memory.
  for (const [, path] of SIGNED_OUT) await untilPrerendered(`${base}${path}`);

  line("");
  line("Signed-out pages (prerendered, hash-based CSP) vs Next's static file handler in this run");
  line("target                      conns    req/s    p50 ms   p99 ms   errors   non-2xx");
  const rps = {};
  const targets = [...SIGNED_OUT, ["Next static file /icon.svg", "/icon.svg"]];
  for (const [name, path] of targets) {
    const s = summary(await cannon({ url: `${base}${path}`, connections: 10, duration: seconds, headers: BROWSER }));
    rps[name] = s.rps;
    line(
      `${name.padEnd(28)}${"10".padStart(4)}${String(s.rps).padStart(9)}${String(s.p50).padStart(10)}${String(s.p99).padStart(9)}${String(s.errors).padStart(9)}${String(s.non2xx).padStart(10)}`,
    );
  }
  const file = rps["Next static file /icon.svg"];
  line(`ratio to the static file handler: ${SIGNED_OUT.map(([name]) => `${name} ${ratio(rps[name], file)}×`).join(", ")} (target ≥ 1.0×)`);

  // Signed in: rendered by Next for every request (session check, data).
  const dashboard = { url: `${base}/dashboard`, headers: { ...BROWSER, cookie } };
  const first = await fetch(dashboard.url, { headers: dashboard.headers, redirect: "manual" });
  if (first.status !== 200) throw new Error(`dashboard: ${first.status}`);
  const one = summary(await cannon({ ...dashboard, connections: 1, duration: Math.min(seconds, 5) }));
  const ten = summary(await cannon({ ...dashboard, connections: 10, duration: seconds }));
  line("");
  line(
    `Dashboard, signed in: server time per request ${one.p50} ms p50, ${one.p99} ms p99 (1 connection, ${one.rps} req/s); ${ten.rps} req/s at 10 connections (p50 ${ten.p50} ms); errors ${one.errors + ten.errors}, non-2xx ${one.non2xx + ten.non2xx}`,
  );

  if (process.env.BENCH_SKIP_LIGHTHOUSE === "1") return;
  line("");
  line(
    "Lighthouse mobile (median of 3, Debian Chromium); JS = compressed script bytes the browser downloaded (run, or fetched ahead into the cache and not run)",
  );
  for (const [name, path, headers] of [...SIGNED_OUT.map(([n, p]) => [n, p, {}]), ["/dashboard (signed in)", "/dashboard", { cookie }]]) {
    const runs = await lighthouseRuns(`${base}${path}`, headers);
    const perf = runs.map((r) => r.performance);
    const a11y = runs.map((r) => r.accessibility);
    const js = median(runs.map((r) => r.scriptBytes));
    line(
      `${name.padEnd(24)} performance ${median(perf)} [${perf.join(", ")}], accessibility ${median(a11y)} [${a11y.join(", ")}], ` +
        `JS ${(js / 1024).toFixed(1)} KB in ${median(runs.map((r) => r.scripts))} files (${(median(runs.map((r) => r.aheadBytes)) / 1024).toFixed(1)} KB fetched ahead, not run), LCP ${median(runs.map((r) => r.lcp))} ms, TBT ${median(runs.map((r) => r.tbt))} ms`,
    );
  }
}

async function untilPrerendered(url) {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(url, { headers: BROWSER });
    await res.arrayBuffer();
    if (/'sha256-/.test(res.headers.get("content-security-policy") ?? "")) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} is not served prerendered`);
}

async function lighthouseRuns(url, extraHeaders) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const chrome = await launchChrome(chromeLauncher);
    try {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        extraHeaders,
      });
      const requests = lhr.audits["network-requests"]?.details?.items ?? [];
      // A script fetched ahead (<link rel=prefetch>) is typed "Other".
      const scripts = requests.filter((r) => r.resourceType === "Script" || /\/_next\/static\/.*\.js(\?|$)/.test(r.url));
      const ahead = scripts.filter((r) => r.resourceType !== "Script");
      runs.push({
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        scriptBytes: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0),
        scripts: scripts.length,
        aheadBytes: ahead.reduce((n, r) => n + (r.transferSize ?? 0), 0),
        lcp: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
        tbt: Math.round(lhr.audits["total-blocking-time"].numericValue),
      });
    } finally {
      await chrome.kill();
    }
  }
  return runs;
}
