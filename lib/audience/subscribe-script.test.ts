/** @jest-environment node */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { createChallenge, solveChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";
import { SOLVER_PATH, SUBSCRIBE_SCRIPT } from "./subscribe-script";

// The form's script run as a browser runs it, with only what it touches of
// the page: a real challenge solved by altcha-lib in the (stand-in) worker,
// the JSON it posts checked by the library's verification.

const SECRET = "segredo-de-teste";
const KEY_SECRET = "outro-segredo";

type Listener = (e: unknown) => void;

interface Field {
  name: string;
  type: string;
  value: string;
  checked?: boolean;
  attrs: Record<string, string>;
  setAttribute(n: string, v: string): void;
  removeAttribute(n: string): void;
}

const field = (name: string, type: string, value = "", checked?: boolean): Field => ({
  name,
  type,
  value,
  checked,
  attrs: {},
  setAttribute(n, v) {
    this.attrs[n] = v;
  },
  removeAttribute(n) {
    delete this.attrs[n];
  },
});

async function setUp(options: { answer?: { status: number; body: unknown }; challengeStatus?: number; worker?: boolean } = {}) {
  const challenge = await createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    counter: 300,
    deriveKey,
    expiresAt: new Date(Date.now() + 60_000),
    hmacSignatureSecret: SECRET,
    hmacKeySignatureSecret: KEY_SECRET,
  });
  const listeners: Record<string, Listener> = {};
  const button = { disabled: false };
  const status = { textContent: "", className: "vp-subm" };
  const elements = [field("email", "email", "ana@example.com"), field("whatsapp", "tel", "(11) 98765-4321"), field("consent", "checkbox", "on", true), field("website", "text")];
  const byName = Object.fromEntries(elements.map((e) => [e.name, e]));
  const form = {
    action: "http://localhost:3000/api/subscribe/block-1",
    elements: Object.assign([...elements], byName),
    resets: 0,
    submits: 0,
    hasAttribute: (n: string) => n === "data-sub",
    closest: (sel: string) => (sel === "form[data-sub]" ? form : null),
    querySelector: (sel: string) => (sel === "button" ? button : sel === ".vp-subm" ? status : null),
    reset() {
      this.resets += 1;
    },
    submit() {
      this.submits += 1;
    },
  };
  const posts: { url: string; body: Record<string, unknown> }[] = [];
  const calls: string[] = [];
  const fetch = async (url: string, init?: { method?: string; body?: string }) => {
    calls.push(url);
    if (url === "/api/subscribe/challenge") {
      const code = options.challengeStatus ?? 200;
      return { ok: code === 200, status: code, json: async () => JSON.parse(JSON.stringify(challenge)) };
    }
    posts.push({ url, body: JSON.parse(init!.body!) });
    const answer = options.answer ?? { status: 200, body: { ok: true } };
    return { ok: answer.status < 300, status: answer.status, json: async () => answer.body };
  };
  const workers: string[] = [];
  class Worker {
    onmessage: ((e: { data: unknown }) => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(url: string, opts?: { type?: string }) {
      workers.push(`${url} ${opts?.type ?? "classic"}`);
      if (options.worker === false) setTimeout(() => this.onerror?.(), 0);
    }
    // As altcha-lib's workers/shared.js handler does.
    postMessage(message: { type: string; challenge: never; counterStart: number; counterStep: number; timeout: number }) {
      if (options.worker === false) return;
      void solveChallenge({ challenge: message.challenge, deriveKey, counterStart: message.counterStart, counterStep: message.counterStep, timeout: message.timeout }).then((data) =>
        this.onmessage?.({ data }),
      );
    }
    terminate() {}
  }
  const head: { rel: string; href: string }[] = [];
  const document = {
    addEventListener: (type: string, fn: Listener) => (listeners[type] = fn),
    querySelector: (sel: string) => (sel === "form[data-sub]" ? form : null),
    createElement: () => ({ rel: "", href: "" }),
    head: { appendChild: (el: { rel: string; href: string }) => head.push(el) },
  };
  const window = {
    fetch,
    Worker,
    Promise,
    JSON,
    btoa,
    addEventListener: (type: string, fn: Listener) => (listeners[`window:${type}`] = fn),
    requestIdleCallback: (fn: () => void) => setTimeout(fn, 0),
  };
  runInNewContext(SUBSCRIBE_SCRIPT, { document, window, fetch, Worker, Promise, JSON, btoa });
  const submit = async () => {
    let prevented = false;
    listeners.submit!({ target: form, preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    expect(button.disabled).toBe(true);
    for (let i = 0; i < 200 && button.disabled; i++) await new Promise((r) => setTimeout(r, 10));
  };
  return { listeners, form, button, status, posts, calls, workers, submit, elements: byName, head };
}

describe("subscribe script", () => {
  it("loads nothing until the form is focused, then fetches a challenge and solves it in a worker", async () => {
    const t = await setUp();
    expect(t.calls).toEqual([]);
    expect(t.workers).toEqual([]);
    t.listeners.focusin!({ target: { closest: () => null } });
    expect(t.calls).toEqual([]);
    t.listeners.focusin!({ target: t.form });
    // The worker (one classic script) starts at the focus, beside the challenge's request, not after its answer.
    expect(t.workers).toEqual([`${SOLVER_PATH} classic`]);
    expect(t.calls).toEqual(["/api/subscribe/challenge"]);
    t.listeners.focusin!({ target: t.form });
    await new Promise((r) => setTimeout(r, 20));
    expect(t.calls).toEqual(["/api/subscribe/challenge"]);
    expect(t.workers).toEqual([`${SOLVER_PATH} classic`]);
  });

  it("prefetches the solver once the page has loaded and is idle, and nothing before", async () => {
    const t = await setUp();
    expect(t.head).toEqual([]);
    t.listeners["window:load"]!({});
    await new Promise((r) => setTimeout(r, 5));
    expect(t.head).toEqual([{ rel: "prefetch", href: SOLVER_PATH }]);
    expect(t.calls).toEqual([]);
    expect(t.workers).toEqual([]);
  });

  it("posts the fields as JSON with a proof the server's library verifies, and says to check the e-mail", async () => {
    const t = await setUp();
    t.listeners.focusin!({ target: t.form });
    await t.submit();
    expect(t.posts).toHaveLength(1);
    const { url, body } = t.posts[0]!;
    expect(url).toBe("http://localhost:3000/api/subscribe/block-1");
    expect(body).toMatchObject({ email: "ana@example.com", whatsapp: "(11) 98765-4321", consent: true, website: "" });
    const payload = JSON.parse(Buffer.from(body.altcha as string, "base64").toString("utf8"));
    const verified = await verifySolution({ ...payload, deriveKey, hmacSignatureSecret: SECRET, hmacKeySignatureSecret: KEY_SECRET });
    expect(verified.verified).toBe(true);
    expect(payload.solution.counter).toBe(300);
    expect(t.status.textContent).toBe("Confira seu e-mail para confirmar");
    expect(t.status.className).toBe("vp-subm");
    expect(t.button.disabled).toBe(false);
    expect(t.form.resets).toBe(1);
    expect(t.form.submits).toBe(0);
    // The proof is spent: the next submission solves a fresh challenge.
    await t.submit();
    expect(t.calls.filter((c) => c === "/api/subscribe/challenge")).toHaveLength(2);
  });

  it("shows the refusal's message and marks the fields it names", async () => {
    const t = await setUp({ answer: { status: 400, body: { message: "Informe um e-mail válido", errors: { email: "Informe um e-mail válido", whatsapp: "Informe um WhatsApp do Brasil" } } } });
    await t.submit();
    expect(t.status.textContent).toBe("Informe um e-mail válido Informe um WhatsApp do Brasil");
    expect(t.status.className).toBe("vp-subm vp-subm-err");
    expect(t.elements.email!.attrs["aria-invalid"]).toBe("true");
    expect(t.elements.whatsapp!.attrs["aria-invalid"]).toBe("true");
    expect(t.form.resets).toBe(0);
  });

  it.each([
    ["the challenge is refused", { challengeStatus: 503 }],
    ["the worker does not start", { worker: false }],
  ])("submits the form as without JavaScript when %s", async (_, options) => {
    const t = await setUp(options);
    await t.submit();
    expect(t.form.submits).toBe(1);
    expect(t.posts).toEqual([]);
    expect(t.button.disabled).toBe(false);
  });

  it("serves the worker from the pinned altcha-lib's own files, bundled into one script", () => {
    const version = JSON.parse(readFileSync(path.join(process.cwd(), "node_modules/altcha-lib/package.json"), "utf8")).version;
    const dir = path.join(process.cwd(), `public/altcha/${version}`);
    expect(SOLVER_PATH).toBe(`/altcha/${version}/solver.js`);
    for (const file of ["pow.js", "helpers.js", "types.js", "algorithms/web/sha.js", "workers/shared.js"]) {
      const vendored = readFileSync(path.join(dir, file));
      expect([file, vendored.equals(readFileSync(path.join(process.cwd(), "node_modules/altcha-lib/dist/esm/v2", file)))]).toEqual([file, true]);
    }
    // solver.js is exactly scripts/vendor-altcha.mjs's bundle of those files (not edited by hand, not stale).
    const rebuilt = execFileSync(process.execPath, ["--input-type=module", "-e", `import { bundleSolver } from "./scripts/vendor-altcha.mjs"; process.stdout.write(await bundleSolver(${JSON.stringify(dir)}));`], {
      cwd: process.cwd(),
      encoding: "utf8",
    });
    expect(readFileSync(path.join(process.cwd(), "public", SOLVER_PATH), "utf8")).toBe(rebuilt);
  });

  it("the bundled solver, run as a worker runs it, answers a challenge the server's library verifies", async () => {
    const challenge = await createChallenge({ algorithm: "SHA-256", cost: 1, counter: 120, deriveKey, expiresAt: new Date(Date.now() + 60_000), hmacSignatureSecret: SECRET, hmacKeySignatureSecret: KEY_SECRET });
    const answer = new Promise<{ counter: number; derivedKey: string }>((resolve) => {
      const self: { onmessage?: (m: { data: unknown }) => void; postMessage: (d: never) => void } = { postMessage: resolve };
      runInNewContext(readFileSync(path.join(process.cwd(), "public", SOLVER_PATH), "utf8"), { self, crypto: globalThis.crypto, performance, TextEncoder, AbortController, setTimeout, clearTimeout, Date, Uint8Array, DataView, ArrayBuffer, Promise });
      self.onmessage!({ data: { type: "work", challenge: JSON.parse(JSON.stringify(challenge)), counterStart: 0, counterStep: 1, timeout: 60_000 } });
    });
    const solution = await answer;
    expect(solution.counter).toBe(120);
    const verified = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: SECRET, hmacKeySignatureSecret: KEY_SECRET });
    expect(verified.verified).toBe(true);
  });
});
