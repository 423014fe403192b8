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
    body: { getAttribute: () => "ana" },
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
