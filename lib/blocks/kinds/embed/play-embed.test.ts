/** @jest-environment node */
import countVisits from "@/lib/profile/count-visits.browser";
import { blocksStrings } from "@/lib/strings/blocks";
import { drawnBlock, pageWindow, publicPage } from "@/tests/helpers/page-window";
import { embedKind } from "../embed";
import playEmbed from "./play-embed.browser";

// A player's stand-in as the page draws it, with the page's counting and this kind's part run as source.

function page() {
  const html = drawnBlock(embedKind, {
    id: "b1",
    title: "Meu clipe",
    url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    thumbnailUrl: "/uploads/poster.webp",
  });
  const p = pageWindow(publicPage(html));
  countVisits(p.window);
  playEmbed(p.window);
  const press = (init: MouseEventInit = {}, type = "click") =>
    p.document.querySelector("a span")!.dispatchEvent(new p.window.MouseEvent(type, { bubbles: true, cancelable: true, ...init }));
  return { ...p, press, clicks: () => p.beacons.filter((b) => b.path.endsWith("/click")).map((b) => b.path) };
}

describe("a player's stand-in", () => {
  it("is swapped for the provider's player on play, focused, and the press counted once", () => {
    const p = page();
    expect(p.document.querySelector("iframe")).toBeNull();
    expect(p.press()).toBe(false);
    const frame = p.document.querySelector("li.vp-emb > iframe") as HTMLIFrameElement;
    expect(frame.src).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
    expect(frame.title).toBe(blocksStrings.play("Meu clipe"));
    expect(frame.allow).toBe("autoplay; encrypted-media; fullscreen; picture-in-picture");
    expect(frame.hasAttribute("allowfullscreen")).toBe(true);
    expect(p.document.querySelector("a[data-embed]")).toBeNull();
    expect(p.document.activeElement).toBe(frame);
    expect(p.clicks()).toEqual(["/api/links/b1/click"]);
    expect(p.errors).toEqual([]);
  });

  it.each([
    ["Ctrl", { ctrlKey: true }],
    ["Cmd", { metaKey: true }],
    ["Shift", { shiftKey: true }],
  ])("with %s held opens the provider's page as a link (counted)", (_key, init) => {
    const p = page();
    expect(p.press(init)).toBe(true);
    expect(p.document.querySelector("iframe")).toBeNull();
    expect(p.clicks()).toEqual(["/api/links/b1/click"]);
  });

  it("a middle click opens the provider's page (counted), no player", () => {
    const p = page();
    p.press({ button: 1 }, "auxclick");
    expect(p.document.querySelector("iframe")).toBeNull();
    expect(p.clicks()).toEqual(["/api/links/b1/click"]);
  });
});
