/** @jest-environment node */
import { createChallenge, solveChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";
import { SOLVER_PATH } from "./altcha-solver";
import { audienceStrings } from "@/lib/strings/audience";
import { drawnBlock, pageWindow, publicPage } from "@/tests/helpers/page-window";
import { subscribeKind } from "../subscribe";
import sendSignUp from "./send-sign-up.browser";

// The sign-up form as the page draws it, with this kind's part run as source:
// a real challenge solved by altcha-lib in the (stand-in) worker, the JSON it
// posts checked by the library's verification.

const SECRET = "segredo-de-teste";
const KEY_SECRET = "outro-segredo";

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
  const page = pageWindow(publicPage(drawnBlock(subscribeKind, { id: "block-1", url: null })));
  const { window, document } = page;
  const calls: string[] = [];
  const posts: { url: string; body: Record<string, unknown> }[] = [];
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
    postMessage(message: { challenge: never; counterStart: number; counterStep: number; timeout: number }) {
      if (options.worker === false) return;
      void solveChallenge({
        challenge: message.challenge,
        deriveKey,
        counterStart: message.counterStart,
        counterStep: message.counterStep,
        timeout: message.timeout,
      }).then((data) => this.onmessage?.({ data }));
    }
    terminate() {}
  }
  Object.defineProperty(window, "fetch", { value: fetch });
  Object.defineProperty(window, "Worker", { value: Worker });
  sendSignUp(window);
  const prefetched = () => [...document.head.querySelectorAll("link")].map((l) => [l.rel, l.getAttribute("href")]);
  // What the page had prefetched when its load event came (jsdom's own, after this script's listener).
  const loaded = new Promise<string[][]>((resolve) => window.addEventListener("load", () => resolve(prefetched() as string[][])));
  const form = document.querySelector("form")!;
  let submits = 0;
  // A submission without JavaScript (jsdom does not navigate).
  form.submit = () => void (submits += 1);
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  field("email").value = "ana@example.com";
  field("whatsapp").value = "(11) 98765-4321";
  field("consent").checked = true;
  const button = form.querySelector("button")!;
  const status = form.querySelector(".vp-subm")!;
  const submit = async () => {
    const sent = form.dispatchEvent(new window.Event("submit", { bubbles: true, cancelable: true }));
    expect(sent).toBe(false);
    expect(button.disabled).toBe(true);
    for (let i = 0; i < 200 && button.disabled; i++) await new Promise((r) => setTimeout(r, 10));
  };
  const focus = () => field("email").dispatchEvent(new window.FocusEvent("focusin", { bubbles: true }));
  return { page, form, field, button, status, posts, calls, workers, submit, focus, submits: () => submits, prefetched, loaded };
}

describe("the sign-up form's script", () => {
  it("loads nothing until the form is focused, then fetches a challenge and solves it in a worker", async () => {
    const t = await setUp();
    expect(t.calls).toEqual([]);
    expect(t.workers).toEqual([]);
    t.page.document.body.dispatchEvent(new t.page.window.FocusEvent("focusin", { bubbles: true }));
    expect(t.calls).toEqual([]);
    t.focus();
    // The worker (one classic script) starts at the focus, beside the challenge's request, not after its answer.
    expect(t.workers).toEqual([`${SOLVER_PATH} classic`]);
    expect(t.calls).toEqual(["/api/subscribe/challenge"]);
    t.focus();
    await new Promise((r) => setTimeout(r, 20));
    expect(t.calls).toEqual(["/api/subscribe/challenge"]);
    expect(t.workers).toEqual([`${SOLVER_PATH} classic`]);
  });

  it("prefetches the solver once the page has loaded and is idle, and nothing before", async () => {
    const t = await setUp();
    expect(await t.loaded).toEqual([]);
    await new Promise((r) => setTimeout(r, 5));
    expect(t.prefetched()).toEqual([["prefetch", SOLVER_PATH]]);
    expect(t.calls).toEqual([]);
    expect(t.workers).toEqual([]);
  });

  it("posts the fields as JSON with a proof the server's library verifies, and says to check the e-mail", async () => {
    const t = await setUp();
    t.focus();
    await t.submit();
    expect(t.posts).toHaveLength(1);
    const { url, body } = t.posts[0]!;
    expect(url).toBe("https://vitrine.app/api/subscribe/block-1");
    expect(body).toMatchObject({ email: "ana@example.com", whatsapp: "(11) 98765-4321", consent: true, website: "" });
    const payload = JSON.parse(Buffer.from(body.altcha as string, "base64").toString("utf8"));
    const verified = await verifySolution({ ...payload, deriveKey, hmacSignatureSecret: SECRET, hmacKeySignatureSecret: KEY_SECRET });
    expect(verified.verified).toBe(true);
    expect(payload.solution.counter).toBe(300);
    expect(t.status.textContent).toBe(audienceStrings.checkEmail);
    expect(t.status.className).toBe("vp-subm");
    expect(t.button.disabled).toBe(false);
    // The form is emptied for the next person.
    expect(t.field("email").value).toBe("");
    expect(t.submits()).toBe(0);
    // The proof is spent: the next submission solves a fresh challenge.
    await t.submit();
    expect(t.calls.filter((c) => c === "/api/subscribe/challenge")).toHaveLength(2);
    expect(t.page.errors).toEqual([]);
  });

  it("shows the refusal's message and marks the fields it names", async () => {
    const t = await setUp({
      answer: {
        status: 400,
        body: { message: "Informe um e-mail válido", errors: { email: "Informe um e-mail válido", whatsapp: "Informe um WhatsApp do Brasil" } },
      },
    });
    await t.submit();
    expect(t.status.textContent).toBe("Informe um e-mail válido Informe um WhatsApp do Brasil");
    expect(t.status.className).toBe("vp-subm vp-subm-err");
    expect(t.field("email").getAttribute("aria-invalid")).toBe("true");
    expect(t.field("whatsapp").getAttribute("aria-invalid")).toBe("true");
    expect(t.field("email").value).toBe("ana@example.com");
    // Sent again, the marks go at once (the answer may name them again).
    t.form.dispatchEvent(new t.page.window.Event("submit", { bubbles: true, cancelable: true }));
    expect(t.field("email").hasAttribute("aria-invalid")).toBe(false);
  });

  it.each([
    ["the challenge is refused", { challengeStatus: 503 }],
    ["the worker does not start", { worker: false }],
  ])("submits the form as without JavaScript when %s", async (_, options) => {
    const t = await setUp(options);
    await t.submit();
    expect(t.submits()).toBe(1);
    expect(t.posts).toEqual([]);
    expect(t.button.disabled).toBe(false);
  });
});
