/** @jest-environment node */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { brotliCompressSync } from "node:zlib";
import { blocks } from "@/lib/blocks/registry";
import { openInAppStrings } from "@/lib/strings/open-in-app";
import { audienceStrings } from "@/lib/strings/audience";
import { drawnBlock, pageWindow, publicPage } from "@/tests/helpers/page-window";
import { IN_APP_ANDROID } from "@/tests/helpers/user-agents";
import { BASE_SCRIPT, pageScript } from "./page-script";
import { pageAssets } from "./render-page";

// The page's script as sent: parts built from their typed source
// (scripts/build-page-scripts.mjs), only those of the kinds the page shows,
// no larger than the hand-written script it replaced, and working once built.

const ALL = new Set(blocks.names);
const withScript = blocks.kinds.filter((kind) => kind.script);
const brotli = (text: string) => brotliCompressSync(Buffer.from(text)).length;

describe("the page's script", () => {
  it("is built from the current source (npm run build writes it; node scripts/build-page-scripts.mjs after an edit)", () => {
    expect(() =>
      execFileSync(process.execPath, ["scripts/build-page-scripts.mjs", "--check"], { cwd: process.cwd(), encoding: "utf8", stdio: "pipe" }),
    ).not.toThrow();
  });

  it("has the parts of the kinds the page shows, once each, after what every page runs", () => {
    expect(withScript.map((kind) => kind.name)).toEqual(["pix", "embed", "subscribe"]);
    expect(pageScript(new Set(["link", "header"]))).toBe(BASE_SCRIPT);
    const [pix, embed, subscribe] = withScript.map((kind) => kind.script!);
    expect(pageScript(new Set(["embed", "link"]))).toBe(BASE_SCRIPT + embed);
    expect(pageScript(ALL)).toBe(BASE_SCRIPT + pix + embed + subscribe);
  });

  it("stays ASCII, one line, and allowed by the page's CSP hash", () => {
    for (const kinds of [new Set<string>(), ALL]) {
      const { script, csp } = pageAssets(kinds);
      expect(script).toMatch(/^[\x20-\x7e]+$/);
      expect(script).not.toMatch(/<\/script|<!--/i);
      expect(csp).toContain(`script-src 'sha256-${createHash("sha256").update(script).digest("base64")}'`);
    }
  });

  it("is no larger than the fifth release's hand-written script (3,423 B, 1,444 B brotli on every page; 5,729 B, 2,271 B with every kind)", () => {
    expect(BASE_SCRIPT.length).toBeLessThanOrEqual(3423);
    expect(brotli(BASE_SCRIPT)).toBeLessThanOrEqual(1444);
    const all = pageScript(ALL);
    expect(all.length).toBeLessThanOrEqual(5729);
    expect(brotli(all)).toBeLessThanOrEqual(2271);
  });

  it("runs once built: counts, offers the browser, shows the copy button, plays, solves at the focus", () => {
    const blocksHtml = ["pix", "embed", "subscribe"]
      .map((name) => drawnBlock(blocks.get(name)!, { id: `b-${name}`, url: name === "embed" ? "https://youtu.be/dQw4w9WgXcQ" : null }))
      .join("");
    const page = pageWindow(publicPage(blocksHtml), { userAgent: IN_APP_ANDROID["Instagram (Android)"]! });
    const workers: string[] = [];
    Object.defineProperty(page.window, "Worker", {
      value: class {
        constructor(url: string) {
          workers.push(url);
        }
        terminate() {}
      },
    });
    Object.defineProperty(page.window, "fetch", { value: () => new Promise(() => {}) });
    (page.window as unknown as { eval: (code: string) => void }).eval(pageScript(ALL));
    const { document } = page;
    expect(page.beacons.map((b) => b.path)).toEqual(["/api/profiles/ana/view"]);
    // The texts are lib/strings' own, written into the built part.
    expect(document.querySelector("aside")!.getAttribute("aria-label")).toBe(openInAppStrings.offerLabel);
    expect(document.querySelector("aside a")!.textContent).toBe(openInAppStrings.offerAndroid);
    expect(document.querySelector<HTMLButtonElement>("button[data-copy]")!.hidden).toBe(false);
    document.querySelector("a[data-embed]")!.dispatchEvent(new page.window.MouseEvent("click", { bubbles: true, cancelable: true }));
    expect(document.querySelector("iframe")!.src).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
    expect(page.beacons.map((b) => b.path)).toEqual(["/api/profiles/ana/view", "/api/links/b-embed/click"]);
    document.querySelector("form input")!.dispatchEvent(new page.window.FocusEvent("focusin", { bubbles: true }));
    expect(workers).toHaveLength(1);
    expect(withScript.find((kind) => kind.name === "subscribe")!.script).toContain(JSON.stringify(audienceStrings.checkEmail));
    expect(page.errors).toEqual([]);
  });
});
