/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import InAppSpy from "inapp-spy";
import { isAndroidInAppBrowser } from "@/lib/links/open-in-app";
import { IN_APP_ANDROID, IN_APP_IOS, ORDINARY } from "@/tests/helpers/user-agents";
import { pageWindow, publicPage } from "@/tests/helpers/page-window";
import { INAPP_SPY_VERSION, IN_APP_BROWSER } from "./in-app-patterns";
import offerOpenInBrowser from "./offer-open-in-browser.browser";
import offerOpenInBrowserScript from "./offer-open-in-browser.min";

// The public page's 'Abrir no navegador' decides with inapp-spy's own
// patterns, copied by scripts/in-app-patterns.mjs (api.md: the in-app browser
// is recognised by a maintained library, in the redirect, the page and the
// statistics alike). The copy must be the installed library's, and the
// page's choice the library's answer, for every User-Agent below.

/** More real User-Agents of apps inapp-spy names (Google's app, WhatsApp, LINE, WeChat, Reddit), a bare WebView and desktop ones. */
const MORE: Record<string, string> = {
  "Google app (iOS)":
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/321.0.642717014 Mobile/15E148 Safari/604.1",
  "WhatsApp (Android)":
    "Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.122 Mobile Safari/537.36 WA4A/2.24.14.78",
  "LINE (iOS)": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.5.0",
  "WeChat (Android)":
    "Mozilla/5.0 (Linux; Android 12; M2102J20SG Build/SKQ1.211006.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/86.0.4240.99 XWEB/4317 MMWEBSDK/20220903 Mobile Safari/537.36 MMWEBID/6294 MicroMessenger/8.0.28.2240(0x28001C35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64",
  "Reddit (iOS)":
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Reddit/Version 2024.22.0/Build 545405/iOS Version 17.5",
  "an app's WebView (Android)":
    "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240905.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.83 Mobile Safari/537.36",
  "Safari (iPad, desktop mode)": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  "Edge (computer)": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  "Facebook (Mac)": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) [FBAN/FBIOS;FBAV/450.0]",
};

const ALL = { ...IN_APP_ANDROID, ...IN_APP_IOS, ...ORDINARY, ...MORE };

function offerOf(userAgent: string): "android" | "ios" | null {
  const page = pageWindow(publicPage("Ana"), { userAgent });
  offerOpenInBrowser(page.window);
  const offer = page.document.querySelector("aside");
  return offer ? (offer.querySelector("a") ? "android" : "ios") : null;
}

describe("inapp-spy's patterns in the public page's script", () => {
  it("are the installed library's, unchanged (after an upgrade: node scripts/in-app-patterns.mjs)", () => {
    const main = require.resolve("inapp-spy");
    const { version } = JSON.parse(readFileSync(path.join(path.dirname(main), "..", "package.json"), "utf8")) as { version: string };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- evaluates the installed library's file to read its patterns
    const lib = new Function("module", "exports", "require", `${readFileSync(main, "utf8")};\nreturn { appNameRegExps, inappRegex };`)(
      { exports: {} },
      {},
      require,
    ) as {
      appNameRegExps: Record<string, { regex: RegExp }>;
      inappRegex: RegExp;
    };
    const sources = [...Object.values(lib.appNameRegExps).map((a) => a.regex.source), lib.inappRegex.source];
    expect(INAPP_SPY_VERSION).toBe(version);
    expect(IN_APP_BROWSER.source).toBe(sources.map((s) => `(?:${s})`).join("|"));
    expect(IN_APP_BROWSER.flags).toBe("i");
    // The built part carries it as the same literal.
    expect(offerOpenInBrowserScript).toContain(`=/${IN_APP_BROWSER.source}/i;`);
  });

  it.each(Object.entries(ALL))("%s: the same answer as InAppSpy({ ua }) and the short link", (_name, ua) => {
    const inApp = InAppSpy({ ua }).isInApp;
    expect(IN_APP_BROWSER.test(ua)).toBe(inApp);
    const expected = isAndroidInAppBrowser(ua) ? "android" : inApp && /iPhone|iPad|iPod/.test(ua) ? "ios" : null;
    expect(offerOf(ua)).toBe(expected);
  });

  it("covers apps of every kind: named, a bare WebView, and ordinary browsers", () => {
    const answers = Object.values(ALL).map(offerOf);
    expect(answers.filter((a) => a === "android").length).toBeGreaterThanOrEqual(10);
    expect(answers.filter((a) => a === "ios").length).toBeGreaterThanOrEqual(10);
    expect(answers.filter((a) => a === null).length).toBeGreaterThanOrEqual(9);
  });
});
