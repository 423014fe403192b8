/** @jest-environment node */
import { webcrypto } from "node:crypto";
import { runInNewContext } from "node:vm";
import { countBodySchema } from "@/lib/stats/stats-schemas";
import { COUNTING_SCRIPT } from "./counting-script";

// The beacon run as a browser runs it, with only what it touches of the page.

type Sent = { path: string; body: string };

function runBeacon({ crypto }: { crypto?: unknown }) {
  const sent: Sent[] = [];
  const listeners: Record<string, (e: unknown) => void> = {};
  const link = {
    getAttribute: (name: string) => (name === "data-link-id" ? "link-1" : null),
    closest: (selector: string) => (selector.includes("data-link-id") ? link : null),
  };
  const document = {
    referrer: "https://www.tiktok.com/",
    body: { getAttribute: (name: string) => (name === "data-profile" ? "ana" : null) },
    addEventListener: (type: string, fn: (e: unknown) => void) => (listeners[type] = fn),
    querySelectorAll: () => [],
  };
  const navigator = { sendBeacon: (path: string, body: string) => (sent.push({ path, body }), true) };
  runInNewContext(COUNTING_SCRIPT, { document, navigator, window: { crypto }, JSON });
  listeners.click!({ type: "click", target: link });
  listeners.click!({ type: "click", target: link });
  return sent.map((s) => ({ path: s.path, body: JSON.parse(s.body) as Record<string, unknown> }));
}

describe("counting script", () => {
  it("sends the view and each click with the referrer and a fresh id the API accepts", () => {
    const sent = runBeacon({ crypto: webcrypto });
    expect(sent.map((s) => s.path)).toEqual(["/api/profiles/ana/view", "/api/links/link-1/click", "/api/links/link-1/click"]);
    for (const s of sent) {
      expect(s.body.referrer).toBe("https://www.tiktok.com/");
      expect(s.body.id).toMatch(/^[a-z0-9]{28}$/);
      expect(countBodySchema.parse(s.body)).toEqual(s.body);
    }
    expect(new Set(sent.map((s) => s.body.id)).size).toBe(3);
  });

  it("sends no id where the browser has no crypto", () => {
    for (const s of runBeacon({ crypto: undefined })) expect(s.body).toEqual({ referrer: "https://www.tiktok.com/" });
  });
});

describe("a flagged page", () => {
  function runFlagged({ referrer = "", href = "http://localhost:3000/ana", history = 1 }: { referrer?: string; href?: string; history?: number }) {
    const sent: string[] = [];
    const listeners: Record<string, (e: unknown) => void> = {};
    const body = { getAttribute: (name: string) => ({ "data-profile": "ana", "data-flagged": "" })[name] ?? null };
    const document = { referrer, body, addEventListener: (type: string, fn: (e: unknown) => void) => (listeners[type] = fn), querySelectorAll: () => [] };
    const backs: number[] = [];
    const context = {
      document,
      navigator: { sendBeacon: (path: string) => (sent.push(path), true) },
      window: {},
      JSON,
      location: { href },
      history: { length: history, back: () => backs.push(1) },
    };
    runInNewContext(COUNTING_SCRIPT, context);
    const anchor = (attrs: Record<string, string>) => {
      const a = { getAttribute: (n: string) => attrs[n] ?? null, closest: (sel: string) => (sel.includes("data-back") ? a : null) };
      return a;
    };
    const press = (attrs: Record<string, string>) => {
      let prevented = false;
      listeners.click!({ type: "click", target: anchor(attrs), preventDefault: () => (prevented = true) });
      return prevented;
    };
    return { sent, press, backs };
  }

  it("counts the view on the warning, with the visit's referrer, and not again on the content 'Continuar' leads back to", () => {
    expect(runFlagged({ referrer: "https://www.instagram.com/" }).sent).toEqual(["/api/profiles/ana/view"]);
    expect(runFlagged({ referrer: "" }).sent).toEqual(["/api/profiles/ana/view"]);
    // The answer to 'Continuar' (or its reload): the page itself is the referrer, whatever the query.
    expect(runFlagged({ referrer: "http://localhost:3000/ana?utm_source=x", href: "http://localhost:3000/ana" }).sent).toEqual([]);
    // Another page of the app as referrer is a new view.
    expect(runFlagged({ referrer: "http://localhost:3000/anabela" }).sent).toEqual(["/api/profiles/ana/view"]);
  });

  it("'Voltar' goes back in history when there is somewhere to go, else follows its link", () => {
    const withHistory = runFlagged({ history: 3 });
    expect(withHistory.press({ "data-back": "", href: "/" })).toBe(true);
    expect(withHistory.backs).toHaveLength(1);
    const fresh = runFlagged({ history: 1 });
    expect(fresh.press({ "data-back": "", href: "/" })).toBe(false);
    expect(fresh.backs).toHaveLength(0);
  });
});
