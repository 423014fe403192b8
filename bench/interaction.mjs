// npm run bench:interaction (after npm run build): the first press on four
// pages, as a person on a throttled phone makes it, under `npm start`
// (server.mjs) and under `next start` with SERVERLESS=1, on one fresh
// PostgreSQL database; then Lighthouse mobile on the same four pages under both.
//
// The interactions (issue 25), each in N fresh browser contexts (BENCH_RUNS, default 3):
//   dashboard switch  click on the first link's switch → its PATCH /api/links/:id leaves
//                     (and, apart, → the switch's aria-checked flips)
//   login Enter       type e-mail and password, press Enter → POST /api/login leaves
//   settings tab      click the 'Senha' tab → its panel is shown
//   landing claim     type a name in the claim field, press Enter → GET /api/username-check/… leaves
//
// The phone: Debian Chromium, 375×812, a full phone User-Agent (isbot counts a
// bare one as a bot), CPU 4× slower (Emulation.setCPUThrottlingRate) and
// Lighthouse's own mobile network, read from lighthouse/core/config/constants.js
// (throttling.mobileSlow4G: rttMs 150 and throughputKbps 1638.4, applied as
// DevTools throttling is, with its adjustment factors: request latency
// 150 × 3.75 = 562.5 ms, download 1638.4 × 0.9 kbps, upload 750 × 0.9 kbps),
// sent with Network.emulateNetworkConditions in bytes/s exactly as Lighthouse's
// core/lib/emulation.js does. Each run is a new context, so the cache starts
// empty (and is cleared once more by CDP), as Lighthouse's "fresh cache" load:
// it is not disabled, so what a page fetches ahead into the cache after load
// is there at the press, as it would be for a visitor. Signed-in pages get the
// session cookie of a POST /api/login made from Node. The page loads, `load`
// fires, then 3 s pass before the press.
//
// How it is timed, all on the page's own clock (performance.now()):
//   t0  the press: the `timeStamp` of the trusted `pointerdown` (clicks) or
//       `keydown` Enter, seen by a capturing listener on window installed by
//       page.addInitScript before any of the page's scripts. An event's
//       timeStamp is when the input arrived, not when a busy main thread got
//       round to it, so the time the page spends running its scripts before
//       it can handle the press is counted, as INP counts it.
//   t1  the request leaves: the Resource Timing entry's `startTime` of the
//       request Playwright saw (matched by method and URL, then by URL among
//       the page's entries, the first one at or after t0). startTime is when
//       the page's fetch() started the request. Should no entry exist (the
//       page navigated away first), Playwright's request timing (epoch ms)
//       minus performance.timeOrigin is used instead.
//   the switch's flip and the tab's panel: a MutationObserver on the whole
//       document, set up after the 3 s, notes performance.now() the first time
//       the switch's aria-checked differs from what it was (the element is
//       looked up again at each change, so a node React replaces still
//       counts), or the 'Senha' tab's panel (its aria-controls) exists, is not
//       hidden and has content. This is the DOM change; the paint follows it
//       by one frame.
// Targets: press → request (or panel) median ≤ 200 ms; switch flip ≤ 100 ms.
//
// Lighthouse mobile (median of 3, default settings: simulated throttling) on
// landing, /login, /register and the signed-in /dashboard under both servers,
// with performance and TBT. BENCH_SKIP_LIGHTHOUSE=1 skips it.
//
// Everything listens on and talks to 127.0.0.1 only. The servers, the browser
// and the database are stopped and dropped at the end, on failure too.
// BENCH_PORT (default 3470; next start takes BENCH_PORT + 1), BENCH_DATABASE_URL.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { throttling } from "lighthouse/core/config/constants.js";
import { chromium } from "playwright-core";
import { BENCH_SECRET, PHONE_UA, api, benchServer, median, ratio, startApp } from "./lib.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// benchServer (npm start) reads BENCH_PORT; next start takes the next port.
process.env.BENCH_PORT ??= "3470";
const PORT = Number(process.env.BENCH_PORT);
const SKIP_LIGHTHOUSE = process.env.BENCH_SKIP_LIGHTHOUSE === "1";
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];
const WAIT_AFTER_LOAD_MS = 3000;
const TYPE_DELAY_MS = 100; // between keys, about a person typing on a phone
const PASSWORD = "segredo123"; // the owner benchServer signs up
const EMAIL = "bench@example.com";
const LINKS = 4;

const slow4G = throttling.mobileSlow4G;
const NETWORK = {
  offline: false,
  latency: slow4G.requestLatencyMs,
  downloadThroughput: Math.floor((slow4G.downloadThroughputKbps * 1024) / 8),
  uploadThroughput: Math.floor((slow4G.uploadThroughputKbps * 1024) / 8),
};

// Runs in every document before its own scripts: the presses, with their timeStamp.
const INIT_SCRIPT = `(() => {
  const presses = (window.__benchPresses = []);
  const note = (e) => { if (e.isTrusted && (e.type === "pointerdown" || e.key === "Enter")) presses.push({ type: e.type, t: e.timeStamp }); };
  window.addEventListener("pointerdown", note, { capture: true, passive: true });
  window.addEventListener("keydown", note, { capture: true, passive: true });
})();`;

const line = (s = "") => console.log(s);
const cleanups = [];
let stopping = null;
const cleanup = () => (stopping ??= (async () => {
  for (const fn of cleanups.reverse()) await fn().catch((e) => console.error("cleanup:", e.message));
})());
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => cleanup().finally(() => process.exit(130)));


// ---- the interactions

const INTERACTIONS = [
  {
    name: "dashboard switch → PATCH",
    path: "/dashboard",
    signedIn: true,
    request: (req, link) => req.method() === "PATCH" && new URL(req.url()).pathname === `/api/links/${link}`,
    async press(page) {
      const sw = page.getByRole("switch", { name: "Mostrar Link número 1 no perfil" });
      const handle = await sw.elementHandle();
      const link = await page.evaluate(
        // The row's id is in its edit link; the switch is watched for a flip from here on.
        (el) => {
          let row = el.parentElement;
          while (row && !row.querySelector('a[href^="/dashboard/edit/"]')) row = row.parentElement;
          const edit = row?.querySelector('a[href^="/dashboard/edit/"]')?.getAttribute("href") ?? "";
          const label = el.getAttribute("aria-label");
          const before = el.getAttribute("aria-checked");
          window.__benchDone = null;
          new MutationObserver((_, observer) => {
            const now = document.querySelector(`[role=switch][aria-label="${label}"]`)?.getAttribute("aria-checked");
            if (now && now !== before && window.__benchDone === null) {
              window.__benchDone = performance.now();
              observer.disconnect();
            }
          }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-checked"] });
          return edit.split("/").pop();
        },
        handle,
      );
      if (!link) throw new Error("dashboard: the switch's row has no edit link");
      await clickCentre(page, sw);
      return link;
    },
    doneLabel: "switch flip",
    doneTarget: 100,
  },
  {
    name: "login Enter → POST /api/login",
    path: "/login",
    request: (req) => req.method() === "POST" && new URL(req.url()).pathname === "/api/login",
    async press(page) {
      await clickCentre(page, page.locator("#login-email"));
      await page.keyboard.type(EMAIL, { delay: TYPE_DELAY_MS });
      await clickCentre(page, page.locator("#login-password"));
      await page.keyboard.type(PASSWORD, { delay: TYPE_DELAY_MS });
      await page.keyboard.press("Enter");
    },
    pressType: "keydown",
  },
  {
    name: "settings 'Senha' tab → panel",
    path: "/settings",
    signedIn: true,
    async press(page) {
      const tab = page.getByRole("tab", { name: "Senha" });
      await page.evaluate((el) => {
        window.__benchDone = null;
        const shown = () => {
          const panel = document.getElementById(el.getAttribute("aria-controls") ?? "");
          return panel && !panel.hidden && panel.childElementCount > 0 && panel.getBoundingClientRect().height > 0;
        };
        new MutationObserver((_, observer) => {
          if (window.__benchDone === null && shown()) {
            window.__benchDone = performance.now();
            observer.disconnect();
          }
        }).observe(document, { subtree: true, childList: true, attributes: true });
      }, await tab.elementHandle());
      await clickCentre(page, tab);
    },
    panel: true,
  },
  {
    name: "landing claim Enter → username check",
    path: "/",
    request: (req) => req.method() === "GET" && new URL(req.url()).pathname.startsWith("/api/username-check/"),
    async press(page, run) {
      await clickCentre(page, page.getByRole("textbox", { name: "Escolha seu nome de usuário" }));
      await page.keyboard.type(`criadora${run}x`, { delay: TYPE_DELAY_MS });
      await page.keyboard.press("Enter");
    },
    pressType: "keydown",
  },
];

async function measureServer({ browser, base, cookie }) {
  const out = [];
  for (const interaction of INTERACTIONS) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measureOnce({ browser, base, cookie, interaction, run }));
    out.push({ interaction, runs });
  }
  return out;
}

async function measureOnce({ browser, base, cookie, interaction, run }) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, userAgent: PHONE_UA, isMobile: true });
  try {
    if (interaction.signedIn) {
      await context.addCookies(cookie.map(([name, value]) => ({ name, value, url: base })));
    }
    await context.addInitScript(INIT_SCRIPT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.clearBrowserCache");
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slow4G.cpuSlowdownMultiplier });

    const response = await page.goto(`${base}${interaction.path}`, { waitUntil: "load", timeout: 90_000 });
    if (!response?.ok()) throw new Error(`${interaction.path}: ${response?.status()}`);
    await page.waitForTimeout(WAIT_AFTER_LOAD_MS);

    // The request, as Playwright sees it leave; its matcher may need what press() returns.
    let matcher = interaction.request;
    let seen = null;
    const requests = [];
    page.on("request", (req) => requests.push(req));
    const before = await page.evaluate(() => window.__benchPresses.length);
    const pressed = await interaction.press(page, run);
    if (matcher) {
      const deadline = Date.now() + 60_000;
      while (!(seen = requests.find((req) => matcher(req, pressed)))) {
        if (Date.now() > deadline) throw new Error(`${interaction.name}: no request within 60 s of the press`);
        await new Promise((r) => setTimeout(r, 50));
      }
      await seen.response().catch(() => null);
    }
    if (interaction.doneLabel || interaction.panel) {
      await page.waitForFunction(() => window.__benchDone !== null, null, { timeout: 60_000, polling: 200 });
    }

    const pressType = interaction.pressType ?? "pointerdown";
    const marks = await page.evaluate(
      ({ before, pressType, url }) => {
        // The last press of its kind: Enter after the typing, the click on the element.
        const press = window.__benchPresses.slice(before).filter((p) => p.type === pressType).pop();
        const entries = url ? performance.getEntriesByName(url, "resource").map((e) => e.startTime) : [];
        return { t0: press?.t ?? null, entries, done: window.__benchDone ?? null, timeOrigin: performance.timeOrigin };
      },
      { before, pressType, url: seen?.url() ?? null },
    );
    if (marks.t0 === null) throw new Error(`${interaction.name}: the press was not seen`);
    const result = {};
    if (seen) {
      let t1 = marks.entries.find((t) => t >= marks.t0 - 1);
      if (t1 === undefined) {
        const timing = seen.timing();
        if (timing.startTime > 0) t1 = timing.startTime - marks.timeOrigin;
      }
      if (t1 === undefined) throw new Error(`${interaction.name}: no start time for ${seen.url()}`);
      result.request = Math.round(t1 - marks.t0);
    }
    if (marks.done !== null) result.done = Math.round(marks.done - marks.t0);
    return result;
  } finally {
    await context.close();
  }
}

async function clickCentre(page, locator) {
  await locator.waitFor({ state: "attached", timeout: 30_000 });
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box for ${locator}`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

// ---- servers

async function signIn(base) {
  const res = await api(base, "/api/login", { method: "POST", body: { username: EMAIL, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(";")[0].split(/=(.*)/s).slice(0, 2));
}

const cookieHeader = (cookie) => cookie.map(([n, v]) => `${n}=${v}`).join("; ");

/** npm start answers the signed-out pages from memory once rendered (hash-based CSP); next start renders each. */
async function warm(base, prerendered) {
  for (const p of ["/", "/login", "/register"]) {
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${base}${p}`, { headers: { "user-agent": PHONE_UA, accept: "text/html" } });
      await res.arrayBuffer();
      if (!prerendered ? i >= 2 : /'sha256-/.test(res.headers.get("content-security-policy") ?? "")) break;
      if (i === 99) throw new Error(`${p} is not served prerendered`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

// ---- output

function printServer(name, rows) {
  line("");
  line(`${name}: first press → request leaves (ms on the page's clock), target median ≤ 200; switch flip ≤ 100`);
  line(`${"interaction".padEnd(40)}${"median".padStart(8)}  runs${"".padEnd(20)}target`);
  for (const { interaction, runs } of rows) {
    const key = interaction.panel ? "done" : "request";
    const values = runs.map((r) => r[key]);
    const m = median(values);
    line(`${interaction.name.padEnd(40)}${String(m).padStart(8)}  ${values.join(", ").padEnd(24)}${m <= 200 ? "ok" : "MISSED"} (≤ 200)`);
    if (interaction.doneLabel) {
      const flips = runs.map((r) => r.done);
      const f = median(flips);
      line(`${`  ${interaction.doneLabel}`.padEnd(40)}${String(f).padStart(8)}  ${flips.join(", ").padEnd(24)}${f <= interaction.doneTarget ? "ok" : "MISSED"} (≤ ${interaction.doneTarget})`);
    }
  }
}

function printRatios(results) {
  const [a, b] = Object.keys(results);
  line("");
  line(`Ratios ${a} ÷ ${b} (medians):`);
  results[a].forEach(({ interaction, runs }, i) => {
    const key = interaction.panel ? "done" : "request";
    const other = results[b][i].runs;
    let text = `  ${interaction.name}: ${ratio(median(runs.map((r) => r[key])), median(other.map((r) => r[key])))}`;
    if (interaction.doneLabel) text += `; ${interaction.doneLabel} ${ratio(median(runs.map((r) => r.done)), median(other.map((r) => r.done)))}`;
    line(text);
  });
}

function printLighthouse(name, scores) {
  line("");
  line(`Lighthouse mobile under ${name} (median of 3, Debian Chromium); target performance ≥ 95, TBT ≤ 200 ms`);
  for (const [page, s] of Object.entries(scores)) {
    line(`${page.padEnd(24)} performance ${String(s.performance).padStart(3)} [${s.runs.map((r) => r.performance).join(", ")}], TBT ${s.tbt} ms [${s.runs.map((r) => r.tbt).join(", ")}]  ${s.performance >= 95 && s.tbt <= 200 ? "ok" : "MISSED"}`);
  }
}

// ---- Lighthouse: the same calls as bench/pages.mjs

async function lighthouseServer(base, cookie) {
  const pages = [
    ["landing /", "/", {}],
    ["/login", "/login", {}],
    ["/register", "/register", {}],
    ["/dashboard (signed in)", "/dashboard", { cookie: cookieHeader(cookie) }],
  ];
  const out = {};
  for (const [name, p, headers] of pages) {
    const runs = await lighthouseRuns(`${base}${p}`, headers);
    out[name] = { runs, performance: median(runs.map((r) => r.performance)), tbt: median(runs.map((r) => r.tbt)) };
  }
  return out;
}

async function lighthouseRuns(url, extraHeaders) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ["--headless=new", ...CHROME_FLAGS] });
    try {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], extraHeaders });
      runs.push({
        performance: Math.round(lhr.categories.performance.score * 100),
        tbt: Math.round(lhr.audits["total-blocking-time"].numericValue),
      });
    } finally {
      await chrome.kill();
    }
  }
  return runs;
}

// ---- the run

async function main() {
  let failed = false;
  try {
    const bench = await benchServer({ name: "vitrine_bench_interaction", env: { HOSTNAME: "127.0.0.1" } });
    cleanups.push(bench.stop);
    for (let i = 1; i <= LINKS; i++) {
      const res = await api(bench.base, "/api/links", { method: "POST", cookie: bench.cookie, body: { title: `Link número ${i}`, url: `https://example.com/${i}` } });
      if (!res.ok) throw new Error(`seed link: ${res.status} ${await res.text()}`);
    }
    const serverless = await startApp({
      port: PORT + 1,
      serverless: true,
      env: { DATABASE_URL: bench.dbUrl, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "vitrine-bench-sl-")), AUTH_SECRET: BENCH_SECRET },
    });
    cleanups.push(serverless.stop);
    const browser = await chromium.launch({ executablePath: CHROME, headless: true, args: CHROME_FLAGS });
    cleanups.push(() => browser.close());

    const servers = [
      ["npm start", bench.base],
      ["next start, SERVERLESS=1", serverless.base],
    ];
    line(`Vitrine first presses (2 cores; PostgreSQL; production build). Chromium 375×812, CPU 4×, Lighthouse mobileSlow4G (latency ${NETWORK.latency} ms, ${NETWORK.downloadThroughput} B/s down, ${NETWORK.uploadThroughput} B/s up), fresh cache, press ${WAIT_AFTER_LOAD_MS / 1000} s after load, ${RUNS} runs each`);
    const results = {};
    for (const [name, base] of servers) {
      await warm(base, name === "npm start");
      const cookie = await signIn(base);
      results[name] = await measureServer({ browser, base, cookie });
      printServer(name, results[name]);
    }
    printRatios(results);

    if (!SKIP_LIGHTHOUSE) {
      const scores = {};
      for (const [name, base] of servers) {
        const cookie = await signIn(base);
        scores[name] = await lighthouseServer(base, cookie);
        printLighthouse(name, scores[name]);
      }
      line("");
      line(`Lighthouse ratios npm start ÷ next start: ${Object.keys(scores[servers[0][0]]).map((page) => `${page} performance ${ratio(scores[servers[0][0]][page].performance, scores[servers[1][0]][page].performance)}, TBT ${ratio(scores[servers[0][0]][page].tbt, scores[servers[1][0]][page].tbt)}`).join("; ")}`);
    }
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    await cleanup();
  }
  return failed;
}

process.exit((await main()) ? 1 : 0);
