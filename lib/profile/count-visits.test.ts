/** @jest-environment node */
import { countBodySchema } from "@/lib/stats/stats-schemas";
import { pageWindow, publicPage } from "@/tests/helpers/page-window";
import countVisits from "./count-visits.browser";

// The counting part of the page's script, run as source in a browser window.

const LINKS = '<a href="https://example.com/" data-link-id="link-1">Meu site</a><details data-link-id="pix-1"><summary>Pix</summary></details>';

const click = (el: Element, init: MouseEventInit = {}) =>
  el.dispatchEvent(new el.ownerDocument.defaultView!.MouseEvent("click", { bubbles: true, cancelable: true, ...init }));

describe("counting", () => {
  it("sends the view and each click with the referrer and a fresh id the API accepts", () => {
    const page = pageWindow(publicPage(LINKS), { referrer: "https://www.tiktok.com/" });
    countVisits(page.window);
    const link = page.document.querySelector("a")!;
    click(link);
    click(link);
    expect(page.beacons.map((b) => b.path)).toEqual(["/api/profiles/ana/view", "/api/links/link-1/click", "/api/links/link-1/click"]);
    for (const { body } of page.beacons) {
      expect(body.referrer).toBe("https://www.tiktok.com/");
      expect(body.id).toMatch(/^[a-z0-9]{28}$/);
      expect(countBodySchema.parse(body)).toEqual(body);
    }
    expect(new Set(page.beacons.map((b) => b.body.id)).size).toBe(3);
    expect(page.errors).toEqual([]);
  });

  it("sends no id where the browser has no crypto", () => {
    const page = pageWindow(publicPage(LINKS), { referrer: "https://www.tiktok.com/" });
    Object.defineProperty(page.window, "crypto", { value: undefined });
    countVisits(page.window);
    click(page.document.querySelector("a")!);
    expect(page.beacons.map((b) => b.body)).toEqual([{ referrer: "https://www.tiktok.com/" }, { referrer: "https://www.tiktok.com/" }]);
  });

  it("counts a middle click and an opened block, not a right click nor a closing", async () => {
    const page = pageWindow(publicPage(LINKS));
    countVisits(page.window);
    const { MouseEvent } = page.window;
    const link = page.document.querySelector("a")!;
    link.dispatchEvent(new MouseEvent("auxclick", { bubbles: true, button: 1 }));
    link.dispatchEvent(new MouseEvent("auxclick", { bubbles: true, button: 2 }));
    const pix = page.document.querySelector("details")!;
    pix.open = true;
    await new Promise((r) => setTimeout(r, 10));
    pix.open = false;
    await new Promise((r) => setTimeout(r, 10));
    expect(page.beacons.map((b) => b.path)).toEqual(["/api/profiles/ana/view", "/api/links/link-1/click", "/api/links/pix-1/click"]);
  });

  it("waits for a prerendered page to be shown before counting its view", () => {
    const page = pageWindow(publicPage(LINKS));
    Object.defineProperty(page.document, "prerendering", { value: true, configurable: true });
    countVisits(page.window);
    expect(page.beacons).toEqual([]);
    page.document.dispatchEvent(new page.window.Event("prerenderingchange"));
    page.document.dispatchEvent(new page.window.Event("prerenderingchange"));
    expect(page.beacons.map((b) => b.path)).toEqual(["/api/profiles/ana/view"]);
  });

  it("posts with fetch where a beacon is refused", () => {
    const page = pageWindow(publicPage(LINKS));
    const posted: { path: string; init: RequestInit }[] = [];
    Object.defineProperty(page.window.navigator, "sendBeacon", { value: () => false });
    Object.defineProperty(page.window, "fetch", { value: (path: string, init: RequestInit) => posted.push({ path, init }) });
    countVisits(page.window);
    expect(posted).toEqual([
      { path: "/api/profiles/ana/view", init: { method: "POST", keepalive: true, body: expect.stringMatching(/^\{"referrer":"","id":"[a-z0-9]{28}"\}$/) } },
    ]);
  });
});

describe("a flagged page", () => {
  const WARNING = '<a class="vw-back" href="/" data-back="">Voltar</a>';
  const flagged = (options: { referrer?: string; url?: string } = {}) => {
    const page = pageWindow(publicPage(WARNING, { "data-flagged": "" }), { url: "http://localhost:3000/ana", ...options });
    countVisits(page.window);
    return page;
  };

  it("counts the view on the warning, with the visit's referrer, and not again on the content 'Continuar' leads back to", () => {
    expect(flagged({ referrer: "https://www.instagram.com/" }).beacons.map((b) => b.path)).toEqual(["/api/profiles/ana/view"]);
    expect(flagged().beacons.map((b) => b.path)).toEqual(["/api/profiles/ana/view"]);
    // The answer to 'Continuar' (or its reload): the page itself is the referrer, whatever the query.
    expect(flagged({ referrer: "http://localhost:3000/ana?utm_source=x" }).beacons).toEqual([]);
    // Another page of the app as referrer is a new view.
    expect(flagged({ referrer: "http://localhost:3000/anabela" }).beacons.map((b) => b.path)).toEqual(["/api/profiles/ana/view"]);
  });

  it("'Voltar' goes back in history when there is somewhere to go, else follows its link", () => {
    const fresh = flagged();
    expect(click(fresh.document.querySelector("a")!)).toBe(true);
    const visited = flagged();
    visited.window.history.pushState(null, "", "/ana#1");
    expect(visited.window.history.length).toBe(2);
    // Not followed: the event's default is prevented, and the tab goes back instead.
    expect(click(visited.document.querySelector("a")!)).toBe(false);
  });
});
