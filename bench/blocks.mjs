// The blocks on the benchmark's own page (issues 26 and 39): the same
// /bench profile is measured plain, then with a Pix block, a player, a
// sign-up form and the
// 18+ warning (the warning a new visitor gets, and the page with its links
// once 'Continuar' has set its session cookie), in the same run and against
// the same baseline (bare node:http sending the page's exact bytes); its size
// as served and Lighthouse mobile's four categories. The page is put back as
// it was afterwards.
import http from "node:http";
import { PHONE_UA, api, cannon, launchChrome, median, ratio, summary } from "./lib.mjs";

export async function benchBlocks({ base, cookie, line, port, seconds }) {
  const pageUrl = `${base}/bench`;
  const measure = async (label, extra = {}) => {
    const headers = { "user-agent": PHONE_UA, ...extra };
    for (let i = 0; i < 20; i++) await fetch(pageUrl, { headers });
    const body = Buffer.from(await (await fetch(pageUrl, { headers })).arrayBuffer());
    const bare = http.createServer((_req, r) => {
      r.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
      r.end(body);
    });
    await new Promise((r) => bare.listen(port, "127.0.0.1", r));
    try {
      const page = summary(await cannon({ url: pageUrl, connections: 10, duration: seconds, headers }));
      const plain = summary(await cannon({ url: `http://127.0.0.1:${port}/`, connections: 10, duration: seconds }));
      const served = await servedBytes(pageUrl, extra);
      line(
        `${label.padEnd(44)}${String(page.rps).padStart(8)}${String(page.p50).padStart(8)}${String(page.p99).padStart(8)}${String(plain.rps).padStart(9)}${ratio(page.rps, plain.rps).padStart(8)}${String(served).padStart(9)}`,
      );
      return { rps: page.rps, bare: plain.rps, served };
    } finally {
      bare.close();
    }
  };

  line("");
  line("Creator blocks on /bench (10 connections, warm; same run, same baseline: bare node:http with the page's bytes)");
  line(`${"page".padEnd(44)}${"req/s".padStart(8)}${"p50".padStart(8)}${"p99".padStart(8)}${"bare".padStart(9)}${"ratio".padStart(8)}${"br B".padStart(9)}`);
  const before = await measure("as seeded (10 links, section, thumbnail)");
  const added = [];
  const post = async (body) => added.push(await (await api(base, "/api/links", { method: "POST", cookie, body })).json());
  await post({ kind: "pix", title: "Me pague um café", pix: { key: "123e4567-e12b-12d1-a456-426655440000", name: "Bench", city: "Sao Paulo", amount: 10 } });
  await post({ kind: "embed", url: "https://youtu.be/dQw4w9WgXcQ", title: "Meu clipe" });
  // The fourth release's sign-up form (issue 39), asking for WhatsApp too.
  await post({ kind: "subscribe", title: "Entre na lista VIP", subscribe: { whatsapp: true, consent: "" } });
  try {
    const blocks = await measure("+ Pix block, player, sign-up form");
    line(
      `with blocks / as seeded: throughput ${ratio(blocks.rps, before.rps)} (each against its own bare baseline: ${ratio(blocks.rps / blocks.bare, before.rps / before.bare)}), size ${blocks.served} B vs ${before.served} B (target ≤ 15 KB)`,
    );
    if (process.env.BENCH_SKIP_LIGHTHOUSE !== "1") await lighthouseFour(pageUrl, line, "page with Pix block, player and sign-up form");
    await api(base, "/api/user", { method: "PATCH", cookie, body: { sensitive: "adult" } });
    const flagged = await measure("+ blocks, 18+ warning");
    line(
      `with blocks and warning / as seeded: throughput ${ratio(flagged.rps, before.rps)} (each against its own bare baseline: ${ratio(flagged.rps / flagged.bare, before.rps / before.bare)}), size ${flagged.served} B`,
    );
    const consented = await measure("+ blocks, after 'Continuar'", { cookie: "vitrine_continuar=bench" });
    line(
      `flagged, after 'Continuar' / as seeded: throughput ${ratio(consented.rps, before.rps)} (each against its own bare baseline: ${ratio(consented.rps / consented.bare, before.rps / before.bare)}), size ${consented.served} B (target ≤ 15 KB)`,
    );
    // A flagged page is noindex by design (product rule), which Lighthouse's SEO
    // audit "is-crawlable" counts against it: the failing audits are printed.
    if (process.env.BENCH_SKIP_LIGHTHOUSE !== "1") await lighthouseFour(pageUrl, line, "same page flagged 18+ (noindex by design)");
  } finally {
    await api(base, "/api/user", { method: "PATCH", cookie, body: { sensitive: "none" } });
    for (const link of added) if (link?.id) await api(base, `/api/links/${link.id}`, { method: "DELETE", cookie });
  }
}

async function lighthouseFour(url, line, label) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const categories = ["performance", "accessibility", "best-practices", "seo"];
  const scores = Object.fromEntries(categories.map((c) => [c, []]));
  const failing = new Set();
  for (let i = 0; i < 3; i++) {
    const chrome = await launchChrome(chromeLauncher);
    try {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories });
      for (const c of categories) {
        scores[c].push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit?.score !== null && audit?.score < 1) failing.add(`${c}:${ref.id}`);
        }
      }
    } finally {
      await chrome.kill();
    }
  }
  line(
    `Lighthouse mobile, ${label} (median of 3): ${categories.map((c) => `${c} ${median(scores[c])} [${scores[c].join(", ")}]`).join("; ")}${failing.size ? `; below 1: ${[...failing].join(", ")}` : ""}`,
  );
}

function servedBytes(url, extra = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "br, gzip", "user-agent": PHONE_UA, ...extra } }, (res) => {
        let bytes = 0;
        res.on("data", (d) => (bytes += d.length));
        res.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}
