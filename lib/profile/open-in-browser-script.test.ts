/** @jest-environment node */
import { JSDOM, ResourceLoader } from "jsdom";
import { IN_APP_ANDROID, IN_APP_IOS, ORDINARY } from "@/tests/helpers/user-agents";
import { isAndroidInAppBrowser } from "@/lib/links/open-in-app";
import { openInAppStrings } from "@/lib/strings/open-in-app";
import { OPEN_IN_BROWSER_SCRIPT } from "./open-in-browser-script";
import { BASE_SCRIPT } from "./page-script";

// The offer drawn by the page's script, run in a DOM with each real User-Agent.

const PAGE = '<!doctype html><html lang="pt-BR"><head></head><body data-profile="ana"><div class="vp"><main>Ana</main></div></body></html>';

function run(userAgent: string, url = "https://vitrine.app/ana?utm_source=ig") {
  // jsdom takes the User-Agent through its resource loader (it fetches nothing here).
  const dom = new JSDOM(PAGE, { url, resources: new ResourceLoader({ userAgent }), runScripts: "outside-only" });
  dom.window.eval(OPEN_IN_BROWSER_SCRIPT);
  return dom.window.document;
}

describe("open-in-browser script", () => {
  it("is part of the page's one script and stays small and ASCII", () => {
    expect(BASE_SCRIPT).toContain(OPEN_IN_BROWSER_SCRIPT);
    expect(OPEN_IN_BROWSER_SCRIPT.length).toBeLessThan(1500);
    expect(OPEN_IN_BROWSER_SCRIPT).toMatch(/^[\x20-\x7e]+$/);
    expect(OPEN_IN_BROWSER_SCRIPT).not.toMatch(/=>|\blet\b|\bconst\b|`/);
  });

  it.each(Object.entries(IN_APP_ANDROID))("%s: a link that opens this page in the default browser, first in the body", (_name, ua) => {
    const doc = run(ua);
    const offer = doc.body.firstElementChild!;
    expect(offer.tagName).toBe("ASIDE");
    expect(offer.getAttribute("aria-label")).toBe(openInAppStrings.offerLabel);
    const link = offer.querySelector("a")!;
    expect(link.textContent).toBe(openInAppStrings.offerAndroid);
    expect(link.getAttribute("href")).toBe("intent://vitrine.app/ana?utm_source=ig#Intent;scheme=https;end");
    // The server library agrees that this is an Android built-in browser.
    expect(isAndroidInAppBrowser(ua)).toBe(true);
  });

  it.each(Object.entries(IN_APP_IOS))("%s: the pt-BR instruction, no link", (_name, ua) => {
    const offer = run(ua).body.firstElementChild!;
    expect(offer.tagName).toBe("ASIDE");
    expect(offer.getAttribute("aria-label")).toBe(openInAppStrings.offerLabel);
    expect(offer.textContent).toBe("Para abrir no navegador, toque em ⋯ e escolha Abrir no navegador.");
    expect(offer.querySelector("a")).toBeNull();
  });

  it.each(Object.entries(ORDINARY))("%s: no offer", (_name, ua) => {
    const doc = run(ua);
    expect(doc.querySelector("aside")).toBeNull();
    expect(doc.body.firstElementChild!.className).toBe("vp");
  });

  it("keeps the page's own scheme and port (a local http address)", () => {
    const doc = run(IN_APP_ANDROID["TikTok (Android)"]!, "http://localhost:3321/ana");
    expect(doc.querySelector("aside a")!.getAttribute("href")).toBe("intent://localhost:3321/ana#Intent;scheme=http;end");
  });
});
