// A double press on each form's submit button (api.md: one press, one
// request; pressing a submit button twice sends the form once), counted on the
// wire (bench/interaction.mjs runs it under both servers and prints the counts).
//
// Each form is pressed twice, 120 ms apart (a thumb's double tap), at two moments:
//   early  the page's scripts are held (every /_next/static/…/*.js waits), the
//          fields are typed and the button pressed twice, then the scripts are
//          let through: what the browser and React do with presses made before
//          the page's scripts start;
//   late   the page loaded and 3 s passed (as bench/first-press.mjs), the
//          fields typed, the button pressed twice: the page's own handlers.
// On the phone of bench/first-press.mjs (375×812, CPU 4×, Lighthouse's
// mobileSlow4G network). A run counts the requests of the form's method and
// path the browser made from the first press until each was answered and no
// other came for 3 s (the form's own request, or the browser's post of it).
import { EMAIL, NETWORK, PASSWORD } from "./first-press.mjs";
import { PHONE_UA } from "./lib.mjs";
import { throttling } from "lighthouse/core/config/constants.js";

const PRESS_GAP_MS = 120;
const SETTLE_MS = 3000;
let serial = 0;
const unique = () => `${Date.now().toString(36).slice(-5)}${(serial++).toString(36)}`;

const FORMS = [
  {
    name: "register 'Criar conta'",
    path: "/register",
    method: "POST",
    endpoint: "/api/register",
    async fill(page) {
      const id = unique();
      await page.getByLabel("Nome completo", { exact: true }).fill("Dupla Pressa");
      await page.getByLabel("Nome de usuário", { exact: true }).fill(`dupla${id}`);
      await page.getByLabel("Telefone", { exact: true }).fill("11987654321");
      await page.getByLabel("E-mail", { exact: true }).fill(`dupla${id}@example.com`);
      await page.getByLabel("Senha", { exact: true }).fill("segredo123");
      await page.getByLabel("Confirme a senha", { exact: true }).fill("segredo123");
      await page.getByLabel(/Li e aceito/).check();
    },
    button: (page) => page.getByRole("button", { name: "Criar conta", exact: true }),
  },
  {
    name: "login 'Entrar'",
    path: "/login",
    method: "POST",
    endpoint: "/api/login",
    async fill(page) {
      await page.getByLabel("E-mail", { exact: true }).fill(EMAIL);
      await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    },
    button: (page) => page.getByRole("button", { name: "Entrar", exact: true }),
  },
  {
    name: "settings profile 'Salvar alterações'",
    path: "/settings",
    signedIn: true,
    method: "PUT",
    endpoint: "/api/user/profile",
    async fill(page) {
      await page.getByLabel("Bio", { exact: true }).fill(`Bio ${unique()}`);
    },
    button: (page) => page.getByRole("button", { name: "Salvar alterações" }),
  },
  {
    name: "new link 'Adicionar'",
    path: "/dashboard/add",
    signedIn: true,
    method: "POST",
    endpoint: "/api/links",
    async fill(page) {
      await page.getByLabel("Título").fill(`Duplo ${unique()}`);
      await page.getByLabel("URL").fill("https://example.com/duplo");
    },
    button: (page) => page.getByRole("button", { name: "Adicionar", exact: true }),
  },
];

/** Each form `runs` times at each moment, each in a new browser context; `cookie` is [[name, value]]. */
export async function measureDoublePresses({ browser, base, cookie, runs: count }) {
  const only = process.env.BENCH_FORMS?.split(",")
    .map((w) => w.trim())
    .filter(Boolean);
  const out = [];
  for (const form of FORMS.filter((f) => !only || only.some((w) => f.name.includes(w)))) {
    for (const moment of ["early", "late"]) {
      const runs = [];
      for (let run = 0; run < count; run++) {
        const started = Date.now();
        runs.push(await doublePressOnce({ browser, base, cookie, form, moment }));
        if (process.env.BENCH_VERBOSE) console.error(`  ${form.name} ${moment} run ${run + 1}: ${runs.at(-1).requests} request(s), ${Date.now() - started} ms`);
      }
      out.push({ form, moment, runs });
    }
  }
  return out;
}

async function doublePressOnce({ browser, base, cookie, form, moment }) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, userAgent: PHONE_UA, isMobile: true });
  try {
    if (form.signedIn) await context.addCookies(cookie.map(([name, value]) => ({ name, value, url: base })));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.clearBrowserCache");
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttling.mobileSlow4G.cpuSlowdownMultiplier });

    const held = [];
    let holding = moment === "early";
    await page.route("**/_next/static/**/*.js", (route) => (holding ? void held.push(() => route.continue()) : route.continue()));
    const sent = [];
    const answered = new Set();
    page.on("request", (req) => {
      if (req.method() === form.method && new URL(req.url()).pathname === form.endpoint) {
        sent.push(req);
        // Answered, failed, or cut short by a navigation: no longer on its way.
        req.response().then(
          () => answered.add(req),
          () => answered.add(req),
        );
      }
    });
    page.on("requestfailed", (req) => answered.add(req));

    if (moment === "early") {
      // Not "load": the held scripts keep it from firing.
      await page.goto(`${base}${form.path}`, { waitUntil: "domcontentloaded", timeout: 90_000 });
      for (let i = 0; i < 200 && held.length === 0; i++) await page.waitForTimeout(50);
      if (held.length === 0) throw new Error(`${form.path}: no script was asked for`);
    } else {
      await page.goto(`${base}${form.path}`, { waitUntil: "load", timeout: 90_000 });
      await page.waitForTimeout(3000);
    }
    await form.fill(page);
    const hydratedAtPress = await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));
    const button = form.button(page);
    // Brought into view first, as the person's thumb does (at 375×812 a form's button may be below the fold).
    await button.evaluate((el) => {
      const r = el.getBoundingClientRect();
      if (r.top < 0 || r.bottom > window.innerHeight) el.scrollIntoView({ block: "center", behavior: "instant" });
    });
    const box = await button.boundingBox();
    if (!box) throw new Error(`${form.name}: no button`);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.click(x, y);
    await new Promise((r) => setTimeout(r, PRESS_GAP_MS));
    // The second press lands where the button was, whatever the page does meanwhile.
    await page.mouse.click(x, y).catch(() => {});
    if (moment === "early") {
      await page.waitForTimeout(500);
      holding = false;
      // A held script of a document already left may never be answered: each gets 2 s.
      for (const release of held.splice(0)) await Promise.race([release().catch(() => {}), new Promise((r) => setTimeout(r, 2000))]);
    }
    // Until every request of the form has been answered and none came for SETTLE_MS (60 s at most).
    const deadline = Date.now() + 60_000;
    let settledSince = null;
    while (Date.now() < deadline) {
      const settled = sent.length > 0 && sent.every((r) => answered.has(r));
      settledSince = settled ? (settledSince ?? Date.now()) : null;
      if (settledSince !== null && Date.now() - settledSince >= SETTLE_MS) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return { requests: sent.length, hydratedAtPress };
  } finally {
    await context.close();
  }
}
