// npm run bench (after npm run build): the public page against two baselines
// measured in the same run, its transfer size, counted clicks with nothing
// lost, and Lighthouse mobile scores. Figures are printed as ratios too.
import http from "node:http";
import sharp from "sharp";
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BENCH_SECRET, PHONE_UA, api, benchServer, cannon, launchChrome, median, ratio, startApp, summary } from "./lib.mjs";
import { benchClicks } from "./clicks.mjs";
import { soak } from "./soak.mjs";
import { adminSearch } from "./admin-search.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3400);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// BENCH_ONLY=pages (or a comma list of public, clicks, serverless, email,
// pages, soak, admin, blocks, openinapp, subscribe) runs those parts only, after the same seed; unset: all of them.
const ONLY = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
const runs = (part) => !ONLY || ONLY.includes(part);
// The click run sends a distinct X-Forwarded-For per request (one visitor each).
const bench = await benchServer({ env: { TRUST_PROXY: "true" } });
const { app, cookie } = bench;
const dbUrl = bench.dbUrl;
const out = [];
const line = (s = "") => {
  out.push(s);
  console.log(s);
};

try {
  // ---- seed: one profile ("bench", signed up by benchServer), 10 links, an avatar
  const seeded = [];
  for (let i = 1; i <= 10; i++) {
    if (i === 6) await api(app.base, "/api/links", { method: "POST", cookie, body: { kind: "header", title: "Mais links" } });
    const res = await api(app.base, "/api/links", {
      method: "POST",
      cookie,
      body: { title: `Link número ${i}`, url: `https://example.com/${i}`, highlighted: i === 1 },
    });
    seeded.push(await res.json());
  }
  const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#8b5cf6" } })
    .png()
    .toBuffer();
  const upload = (path, field) => {
    const form = new FormData();
    form.append(field, new Blob([png], { type: "image/png" }), `${field}.png`);
    return fetch(`${app.base}${path}`, { method: "POST", headers: { cookie }, body: form });
  };
  const avatar = await upload("/api/user/avatar", "avatar");
  const avatarUrl = avatar.ok ? (await avatar.json()).user.avatarUrl : null;
  // The second release's page: a thumbnail, a section and a highlighted link.
  const thumb = await upload(`/api/links/${seeded[1].id}/thumbnail`, "thumbnail");
  const thumbnailUrl = thumb.ok ? (await thumb.json()).thumbnailUrl : null;

  // ---- the page, warm
  const pageUrl = `${app.base}/bench`;
  line("Vitrine benchmark (2 cores; PostgreSQL; production build)");
  if (runs("public")) await benchPublicPage();

  async function benchPublicPage() {
    line("");
    for (let i = 0; i < 20; i++) await fetch(pageUrl, { headers: { "user-agent": PHONE_UA } });
    const res = await fetch(pageUrl, { headers: { "user-agent": PHONE_UA } });
    const body = Buffer.from(await res.arrayBuffer());

    // ---- baseline 1: bare node:http sending the exact same bytes (status,
    // headers and body, as the app answers autocannon, which asks for no
    // encoding), in a process of its own as the app is: not in this process,
    // where it would share one thread with the load generator.
    const bare = await bareServer(pageUrl, PORT + 1);
    try {
      line("Warm public page /bench (10 links, a section, a highlighted link, a thumbnail, avatar) vs baselines in this run");
      line("target                      conns    req/s    p50 ms   p99 ms   errors");
      const targets = [
        ["public page /bench", pageUrl],
        ["bare node:http, same bytes", bare.url],
        // The static baselines are Next's static file handler and its lightest
        // page, rendered by Next (a query string keeps it off the prerendered path).
        ["Next static file (/icon.svg)", `${app.base}/icon.svg`],
        ["Next page, no data (/404)", `${app.base}/404?rendered`],
      ];
      const table = {};
      const measure = async ([name, url], connections) => {
        const s = summary(await cannon({ url, connections, duration: DURATION, headers: { "user-agent": PHONE_UA } }));
        line(
          `${name.padEnd(28)}${String(connections).padStart(4)}${String(s.rps).padStart(9)}${String(s.p50).padStart(10)}${String(s.p99).padStart(9)}${String(s.errors).padStart(9)}`,
        );
        return (table[`${name}@${connections}`] = s);
      };
      // Both warmed first, under load (2 s each): 20 requests leave the server's
      // JIT and heap still settling, and the first round was then the slowest.
      for (const url of [pageUrl, bare.url]) await cannon({ url, connections: 10, duration: 2, headers: { "user-agent": PHONE_UA } });
      // At 10 connections the page and the bare server take turns, ROUNDS times
      // (BENCH_ROUNDS, default 3): the ratio is the median of the rounds' ratios,
      // so a slow second on this shared machine weighs on one round, not the figure.
      const rounds = [];
      for (let round = 0; round < ROUNDS; round++) {
        const page = await measure(targets[0], 10);
        const baseline = await measure(targets[1], 10);
        rounds.push({ page: page.rps, bare: baseline.rps });
      }
      const middle = [...rounds].sort((a, b) => a.page / a.bare - b.page / b.bare)[Math.floor(rounds.length / 2)];
      table[`${targets[0][0]}@10`] = { rps: middle.page };
      table[`${targets[1][0]}@10`] = { rps: middle.bare };
      for (const target of targets.slice(2)) await measure(target, 10);
      for (const target of targets) await measure(target, 50);
      line(`public/bare at 10 connections, round by round: ${rounds.map((r) => ratio(r.page, r.bare)).join(", ")} (median ${ratio(middle.page, middle.bare)})`);
      for (const c of [10, 50]) {
        const [p, b, f, n] = targets.map(([name]) => table[`${name}@${c}`].rps);
        line(`ratio at ${c} connections: public/static file = ${ratio(p, f)}, public/Next page = ${ratio(p, n)}, public/bare = ${ratio(p, b)}`);
      }
      if (runs("serverless")) await benchServerless({ bareRps: middle.bare, publicRps: middle.page });
    } finally {
      await bare.stop();
    }

    // ---- transfer size as served (compressed)
    const served = await rawGet(pageUrl, { "accept-encoding": "br, gzip", "user-agent": PHONE_UA });
    const html = body.toString("utf8");
    const css = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce((n, m) => n + Buffer.byteLength(m[1]), 0);
    const js = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + Buffer.byteLength(m[1]), 0);
    const scripts = (html.match(/<script[^>]+src=/g) ?? []).length;
    const styles = (html.match(/<link[^>]+stylesheet/g) ?? []).length;
    line("");
    line("Public page transfer size");
    line(`HTML document: ${body.length} B raw, ${served.bytes} B as served (${served.encoding ?? "identity"}); inline CSS ${css} B, inline JS ${js} B`);
    line(`external scripts: ${scripts}, external stylesheets: ${styles} (framework JavaScript: ${scripts ? "yes" : "none"})`);
    if (avatarUrl) {
      const img = await rawGet(new URL(avatarUrl, app.base).toString(), { "accept-encoding": "br, gzip" });
      line(`images (apart): avatar ${img.bytes} B (${img.type})`);
    }
    if (thumbnailUrl) {
      const img = await rawGet(new URL(thumbnailUrl, app.base).toString(), { "accept-encoding": "br, gzip" });
      line(`images (apart): thumbnail ${img.bytes} B (${img.type})`);
    }
    line(`total without images: ${served.bytes} B = ${(served.bytes / 1024).toFixed(1)} KB (target ≤ 15 KB)`);
  }

  /**
   * The same page and counts under what a serverless host runs (`next start`,
   * SERVERLESS=1, no server.mjs), on the same database, beside npm start's
   * figures and the same bare node:http baseline.
   */
  async function benchServerless({ bareRps, publicRps }) {
    const serverless = await startApp({
      port: PORT + 5,
      serverless: true,
      env: { DATABASE_URL: dbUrl, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "vitrine-bench-sl-")), AUTH_SECRET: BENCH_SECRET, TRUST_PROXY: "true" },
    });
    try {
      const url = `${serverless.base}/bench`;
      for (let i = 0; i < 20; i++) await fetch(url, { headers: { "user-agent": PHONE_UA } });
      const s = summary(await cannon({ url, connections: 10, duration: DURATION, headers: { "user-agent": PHONE_UA } }));
      line(
        `${"next start, SERVERLESS=1".padEnd(28)}${String(10).padStart(4)}${String(s.rps).padStart(9)}${String(s.p50).padStart(10)}${String(s.p99).padStart(9)}${String(s.errors).padStart(9)}`,
      );
      line(`ratio at 10 connections: npm start/bare = ${ratio(publicRps, bareRps)} (target ≥ 0.9); next start + SERVERLESS=1/bare = ${ratio(s.rps, bareRps)}`);
      if (runs("clicks")) {
        line("");
        line("Counted clicks under next start + SERVERLESS=1 (same database):");
        await benchClicks({ base: serverless.base, cookie, line });
      }
    } finally {
      await serverless.stop();
    }
  }

  // ---- clicks: exactly 20,000 at 100 connections, one visitor address each (bench/clicks.mjs)
  if (runs("clicks")) await benchClicks({ base: app.base, cookie, line });

  if (runs("email")) await (await import("./email-timing.mjs")).emailTiming({ base: app.base, dbUrl, line });
  // ---- Lighthouse, mobile, median of 3
  if (runs("public") && process.env.BENCH_SKIP_LIGHTHOUSE !== "1") {
    const { default: lighthouse } = await import("lighthouse");
    const chromeLauncher = await import("chrome-launcher");
    const perf = [];
    const a11y = [];
    for (let i = 0; i < 3; i++) {
      const chrome = await launchChrome(chromeLauncher);
      try {
        const result = await lighthouse(pageUrl, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] });
        perf.push(Math.round(result.lhr.categories.performance.score * 100));
        a11y.push(Math.round(result.lhr.categories.accessibility.score * 100));
      } finally {
        await chrome.kill();
      }
    }
    line("");
    line(
      `Lighthouse mobile (median of 3, Debian Chromium): performance ${median(perf)} [${perf.join(", ")}], accessibility ${median(a11y)} [${a11y.join(", ")}]`,
    );
  }
  if (runs("pages")) await (await import("./pages.mjs")).benchPages({ base: app.base, cookie, line, seconds: DURATION });
  // ---- soak: 5 minutes of mixed load
  const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
  if (soakSeconds > 0 && runs("soak")) await soak({ base: app.base, pid: app.child.pid, seconds: soakSeconds, line });
  if (runs("admin")) await adminSearch({ base: app.base, dbUrl, cookie, username: "bench", line });
  // ---- the third release's blocks on the same page (bench/blocks.mjs)
  if (runs("blocks")) await (await import("./blocks.mjs")).benchBlocks({ base: app.base, cookie, line, port: PORT + 7, seconds: DURATION });
  // ---- the fourth release's short link that opens the app, against today's redirect (bench/open-in-app.mjs)
  if (runs("openinapp")) await (await import("./open-in-app.mjs")).benchOpenInApp({ base: app.base, dbUrl, cookie, line });
  // ---- the fourth release's sign-up flood, against the view count in the same run (bench/subscribe-flood.mjs)
  if (runs("subscribe")) await (await import("./subscribe-flood.mjs")).benchSubscribeFlood({ base: app.base, dbUrl, cookie, line });
} finally {
  await bench.stop();
}

/**
 * A bare node:http server in a child process, answering every request with
 * the status, headers and body the app gave for `url` (Date, Connection and
 * Keep-Alive are node's own, as in the app).
 */
async function bareServer(url, port) {
  const answer = await new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "user-agent": PHONE_UA } }, (res) => {
        const chunks = [];
        res.on("data", (d) => chunks.push(d));
        res.on("end", () => {
          const headers = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            if (!["date", "connection", "keep-alive", "transfer-encoding"].includes(res.rawHeaders[i].toLowerCase()))
              headers.push(res.rawHeaders[i], res.rawHeaders[i + 1]);
          }
          resolve({ status: res.statusCode, headers, body: Buffer.concat(chunks).toString("base64") });
        });
      })
      .on("error", reject);
  });
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "vitrine-bare-")), "answer.json");
  writeFileSync(file, JSON.stringify(answer));
  const code =
    'const http=require("node:http"),fs=require("node:fs");const a=JSON.parse(fs.readFileSync(process.env.BARE_FILE,"utf8"));const b=Buffer.from(a.body,"base64");' +
    'http.createServer((q,r)=>{r.writeHead(a.status,a.headers);r.end(b)}).listen(Number(process.env.BARE_PORT),"127.0.0.1",()=>console.log("ready"));';
  const child = spawn(process.execPath, ["-e", code], {
    env: { ...process.env, BARE_FILE: file, BARE_PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once("data", resolve);
    child.once("exit", (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", resolve), child.kill()))),
  };
}

function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on("data", (d) => (bytes += d.length));
        res.on("end", () => resolve({ bytes, encoding: res.headers["content-encoding"], type: res.headers["content-type"] }));
      })
      .on("error", reject);
  });
}
