/** @jest-environment node */
import { IN_APP_ANDROID, IN_APP_IOS, ORDINARY } from "@/tests/helpers/user-agents";
import { pageWindow, publicPage } from "@/tests/helpers/page-window";
import { isAndroidInAppBrowser } from "@/lib/links/open-in-app";
import { openInAppStrings } from "@/lib/strings/open-in-app";
import offerOpenInBrowser from "./offer-open-in-browser.browser";

// The offer drawn by the page's script, run as source in a browser window with each real User-Agent.

function run(userAgent: string, url = "https://vitrine.app/ana?utm_source=ig") {
  const page = pageWindow(publicPage("Ana"), { url, userAgent });
  offerOpenInBrowser(page.window);
  expect(page.errors).toEqual([]);
  return page.document;
}

describe("open-in-browser offer", () => {
  it.each(Object.entries(IN_APP_ANDROID))("%s: a link that opens this page in the default browser, first in the body", (_name, ua) => {
    const doc = run(ua);
    const offer = doc.body.firstElementChild!;
    expect(offer.tagName).toBe("ASIDE");
    expect(offer.getAttribute("aria-label")).toBe(openInAppStrings.offerLabel);
    const link = offer.querySelector("a")!;
    expect(link.textContent).toBe(openInAppStrings.offerAndroid);
    expect(link.getAttribute("href")).toBe("intent://vitrine.app/ana?utm_source=ig#Intent;scheme=https;end");
    // Its styles come with it, and only with it.
    expect(doc.head.querySelector("style")!.textContent).toContain(".vp-iab a:focus-visible{outline:3px solid #fff");
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
    expect(doc.querySelector("style")).toBeNull();
    expect(doc.body.firstElementChild!.className).toBe("vp");
  });

  it("keeps the page's own scheme and port (a local http address)", () => {
    const doc = run(IN_APP_ANDROID["TikTok (Android)"]!, "http://localhost:3321/ana");
    expect(doc.querySelector("aside a")!.getAttribute("href")).toBe("intent://localhost:3321/ana#Intent;scheme=http;end");
  });
});
