// The first press on a page, timed as a person on a throttled phone makes it
// (bench/interaction.mjs runs it under both servers and prints the figures).
//
// The interactions (issue 25):
//   dashboard switch  click on the first link's switch → its PATCH /api/links/:id leaves
//                     (and, apart, → the switch's aria-checked flips)
//   login Enter       type e-mail and password, press Enter → POST /api/login leaves
//   login passkey     click 'Entrar com passkey' → POST /api/login/passkey/options leaves
//   settings tab      click the 'Senha' tab → its panel is shown
//   landing claim     type a name in the claim field, press Enter → GET /api/username-check/… leaves
//   page switcher     click the header's page switcher (an owner with two pages) → its list is shown
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
//       minus performance.timeOrigin is used instead (marked * in the table).
//   the switch's flip and the tab's panel: a MutationObserver on the whole
//       document, set up after the 3 s, notes performance.now() the first time
//       the switch's aria-checked differs from what it was (the element is
//       looked up again at each change, so a node React replaces still
//       counts), or the 'Senha' tab's panel (its aria-controls) exists, is not
//       hidden and has content. This is the DOM change; the paint follows it
//       by one frame.
import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { throttling } from "lighthouse/core/config/constants.js";
import { PHONE_UA } from "./lib.mjs";

// The page's JavaScript as the browser fetched it: every /_next/static/….js of
// the page's Resource Timing entries, sized as the build's file compressed with
// brotli 11 (what npm start serves; scripts/analyze.mjs sizes the same way), in
// KB: `jsKB` fetched before the press, `jsAfterKB` from the press to the result.
const brotliSizes = new Map();
function brotliKB(urls) {
  let bytes = 0;
  for (const url of urls) {
    const file = decodeURIComponent(new URL(url).pathname).replace(/^\/_next\//, "");
    if (!brotliSizes.has(file)) {
      let size = 0;
      try {
        size = brotliCompressSync(readFileSync(path.join(".next", file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      } catch {
        // not a build file
      }
      brotliSizes.set(file, size);
    }
    bytes += brotliSizes.get(file);
  }
  return Math.round((bytes / 1024) * 10) / 10;
}

export const WAIT_AFTER_LOAD_MS = 3000;
const TYPE_DELAY_MS = 100; // between keys, about a person typing on a phone
export const PASSWORD = "segredo123"; // the owner benchServer signs up
export const EMAIL = "bench@example.com";

const slow4G = throttling.mobileSlow4G;
export const NETWORK = {
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

/**
 * The bench page's sign-up form (one added by setup; both servers share the
 * database): focus the address, `fill` it, tick the consent, press
 * 'Inscrever-me'; timed to the POST leaving.
 */
function signUpPress(fill) {
  return {
    path: "/bench",
    request: (req) => req.method() === "POST" && new URL(req.url()).pathname.startsWith("/api/subscribe/"),
    async setup({ base, cookie }) {
      const headers = { "content-type": "application/json", cookie: cookie.map(([n, v]) => `${n}=${v}`).join("; ") };
      const links = await (await fetch(`${base}/api/links`, { headers })).json();
      if (links.some((l) => l.kind === "subscribe")) return;
      const res = await fetch(`${base}/api/links`, {
        method: "POST",
        headers,
        body: JSON.stringify({ kind: "subscribe", title: "Lista VIP", subscribe: { whatsapp: false, consent: "" } }),
      });
      if (res.status !== 201) throw new Error(`page sign-up: POST /api/links ${res.status}`);
    },
    async press(page, run) {
      const email = page.getByLabel("Seu e-mail");
      await clickCentre(page, email);
      await fill(email, page, run);
      await clickCentre(page, page.getByRole("checkbox"));
      await clickCentre(page, page.getByRole("button", { name: "Inscrever-me" }));
    },
  };
}

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
    // Issue 46: ≤ 150 ms from the press, as a person on the throttled phone meets it.
    doneTarget: 150,
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
    // Issue 41: 'Entrar com passkey'. The press asks for the options at once and
    // loads @simplewebauthn/browser beside it (import() at the press, not with
    // the page): timed to the options request leaving. No authenticator here:
    // what follows the request (the device's prompt) is not timed.
    name: "login passkey → POST /api/login/passkey/options",
    path: "/login",
    request: (req) => req.method() === "POST" && new URL(req.url()).pathname === "/api/login/passkey/options",
    async press(page) {
      await clickCentre(page, page.getByRole("button", { name: "Entrar com passkey" }));
    },
  },
  {
    name: "settings 'Senha' tab → panel",
    path: "/settings",
    signedIn: true,
    async press(page) {
      const tab = page.getByRole("tab", { name: "Senha" });
      await page.evaluate(
        (el) => {
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
        },
        await tab.elementHandle(),
      );
      await clickCentre(page, tab);
    },
    panel: true,
  },
  {
    // Issue 38: the owner's header, for a person with two pages. A native
    // <details>: the press opens the list with no request and no script.
    name: "page switcher → list of pages",
    path: "/dashboard",
    signedIn: true,
    async setup({ base, cookie }) {
      // The bench owner's second page (201, or 409 once it exists).
      const res = await fetch(`${base}/api/pages`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: cookie.map(([n, v]) => `${n}=${v}`).join("; ") },
        body: JSON.stringify({ username: "bench_loja", name: "Loja do Bench" }),
      });
      if (res.status !== 201 && res.status !== 409) throw new Error(`page switcher: POST /api/pages ${res.status}`);
    },
    async press(page) {
      const summary = page.locator("header details > summary");
      await page.evaluate(
        (el) => {
          window.__benchDone = null;
          const details = el.parentElement;
          const shown = () => details.open && details.querySelector("ul a")?.getBoundingClientRect().height > 0;
          new MutationObserver((_, observer) => {
            if (window.__benchDone === null && shown()) {
              window.__benchDone = performance.now();
              observer.disconnect();
            }
          }).observe(details, { attributes: true, attributeFilter: ["open"] });
        },
        await summary.elementHandle(),
      );
      await clickCentre(page, summary);
    },
    // Timed to the list shown (no request leaves), as the settings tab's panel.
    panel: true,
  },
  {
    // Issue 39: the public page's sign-up form. Focus starts the proof of work
    // in a worker (lib/blocks/kinds/subscribe/send-sign-up.browser.ts); the person types the
    // address, ticks the consent and presses 'Inscrever-me': timed from that
    // press to the POST leaving, so a proof not yet solved by then is counted.
    name: "page sign-up → POST /api/subscribe",
    ...signUpPress((email, page, run) => page.keyboard.type(`fa${run}.${Date.now()}@example.com`, { delay: TYPE_DELAY_MS })),
  },
  {
    // The same form filled by the browser's autofill: no typing time for the
    // proof of work to hide in; the press waits for what is left of it.
    name: "page sign-up, autofilled → POST /api/subscribe",
    ...signUpPress((email, page, run) => email.fill(`af${run}.${Date.now()}@example.com`)),
    // Issue 46: ≤ 1 s (one round trip for the challenge at the focus, the solver prefetched, then the hashing).
    target: 1000,
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

/** Each interaction `runs` times, each in a new browser context; `cookie` is [[name, value]]. */
export async function measureServer({ browser, base, cookie, runs: count }) {
  const out = [];
  // BENCH_PRESSES=login,landing (words of the interactions' names) measures those only.
  const only = process.env.BENCH_PRESSES?.split(",")
    .map((w) => w.trim())
    .filter(Boolean);
  for (const interaction of INTERACTIONS.filter((i) => !only || only.some((w) => i.name.includes(w)))) {
    const runs = [];
    await interaction.setup?.({ base, cookie });
    for (let run = 0; run < count; run++) runs.push(await measureOnce({ browser, base, cookie, interaction, run }));
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
    if (process.env.BENCH_DEBUG) page.on("console", (m) => console.error("console:", m.text())).on("pageerror", (e) => console.error("pageerror:", e.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.clearBrowserCache");
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: slow4G.cpuSlowdownMultiplier });

    const response = await page.goto(`${base}${interaction.path}`, { waitUntil: "load", timeout: 90_000 });
    if (!response?.ok()) throw new Error(`${interaction.path}: ${response?.status()}`);
    await page.waitForTimeout(WAIT_AFTER_LOAD_MS);

    // The request, as Playwright sees it leave; its matcher may need what press() returns.
    const matcher = interaction.request;
    let seen = null;
    const requests = [];
    page.on("request", (req) => requests.push(req));
    const pressType = interaction.pressType ?? "pointerdown";
    const before = await page.evaluate(() => window.__benchPresses.length);
    const pressed = await interaction.press(page, run);
    // Read at once: a signed-in login leaves this document soon after its answer.
    // The last press of its kind counts: Enter after the typing, the click on the element.
    const { t0, timeOrigin } = await page.evaluate(
      ({ before, pressType }) => ({
        t0:
          window.__benchPresses
            .slice(before)
            .filter((p) => p.type === pressType)
            .pop()?.t ?? null,
        timeOrigin: performance.timeOrigin,
      }),
      { before, pressType },
    );
    if (t0 === null) throw new Error(`${interaction.name}: the press was not seen`);
    if (matcher) {
      const deadline = Date.now() + 60_000;
      while (!(seen = requests.find((req) => matcher(req, pressed)))) {
        if (Date.now() > deadline) {
          if (process.env.BENCH_DEBUG)
            console.error(requests.map((r) => `${r.method()} ${r.url()}`).join("\n"), await page.content().then((h) => h.slice(-3000)));
          throw new Error(`${interaction.name}: no request within 60 s of the press`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      await seen.response().catch(() => null);
    }
    if (interaction.doneLabel || interaction.panel) {
      await page.waitForFunction(() => window.__benchDone !== null, null, { timeout: 60_000, polling: 200 });
    }

    const result = {};
    if (seen) {
      // The Resource Timing entry, if this is still the document that sent it; else Playwright's.
      const entries = await page
        .evaluate(
          ({ url, timeOrigin }) => (performance.timeOrigin === timeOrigin ? performance.getEntriesByName(url, "resource").map((e) => e.startTime) : []),
          { url: seen.url(), timeOrigin },
        )
        .catch(() => []);
      let t1 = entries.find((t) => t >= t0 - 1);
      result.via = "resource";
      if (t1 === undefined) {
        const timing = seen.timing();
        if (timing.startTime > 0) t1 = timing.startTime - timeOrigin;
        result.via = "cdp";
      }
      if (t1 === undefined) throw new Error(`${interaction.name}: no start time for ${seen.url()}`);
      result.request = Math.round(t1 - t0);
    }
    const done = interaction.doneLabel || interaction.panel ? await page.evaluate(() => window.__benchDone) : null;
    if (done !== null) result.done = Math.round(done - t0);
    const scripts = await page
      .evaluate(
        ({ timeOrigin }) =>
          performance.timeOrigin === timeOrigin
            ? performance
                .getEntriesByType("resource")
                .filter((e) => /\/_next\/static\/.*\.js$/.test(new URL(e.name).pathname))
                .map((e) => ({ url: e.name, t: e.startTime }))
            : null,
        { timeOrigin },
      )
      .catch(() => null);
    if (scripts) {
      result.jsKB = brotliKB(scripts.filter((s) => s.t < t0).map((s) => s.url));
      result.jsAfterKB = brotliKB(scripts.filter((s) => s.t >= t0).map((s) => s.url));
    }
    return result;
  } finally {
    await context.close();
  }
}

async function clickCentre(page, locator) {
  await locator.waitFor({ state: "attached", timeout: 30_000 });
  // Brought into view first, as the person's thumb does, right before the press
  // (no head start: under npm start the scroll and the press start the scripts
  // at the same moment). At 375×812 the dashboard's first switch is below the fold.
  await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight) el.scrollIntoView({ block: "center", behavior: "instant" });
  });
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box for ${locator}`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}
