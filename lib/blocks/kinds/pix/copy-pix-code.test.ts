/** @jest-environment node */
import countVisits from "@/lib/profile/count-visits.browser";
import { blocksStrings } from "@/lib/strings/blocks";
import { drawnBlock, pageWindow, publicPage } from "@/tests/helpers/page-window";
import { pixKind } from "../pix";
import copyPixCode from "./copy-pix-code.browser";

// A Pix block as the page draws it, with the page's counting and this kind's part run as source.

function page({ clipboard }: { clipboard?: "accepts" | "refuses" | "missing" } = {}) {
  const p = pageWindow(publicPage(drawnBlock(pixKind, { id: "b1", url: null })));
  const copied: string[] = [];
  if (clipboard !== "missing") {
    const writeText = (text: string) => (clipboard === "refuses" ? Promise.reject(new Error("no")) : (copied.push(text), Promise.resolve()));
    Object.defineProperty(p.window.navigator, "clipboard", { value: { writeText } });
  }
  const commands: string[] = [];
  // jsdom has no execCommand: the older browsers' copy, recorded as accepted.
  Object.defineProperty(p.document, "execCommand", { value: (command: string) => (commands.push(command), true) });
  const button = p.document.querySelector("button")!;
  const code = p.document.querySelector("textarea")!;
  const status = () => p.document.querySelector(".vp-ok")!.textContent;
  return { ...p, copied, commands, button, code, status };
}

const settle = () => new Promise((r) => setTimeout(r, 10));

describe("a Pix block's copy button", () => {
  it("is hidden without the script and shown with it", () => {
    const p = page();
    expect(p.button.hidden).toBe(true);
    copyPixCode(p.window);
    expect(p.button.hidden).toBe(false);
    expect(p.button.textContent).toBe(blocksStrings.pixCopy);
  });

  it("copies the block's own code and says so", async () => {
    const p = page();
    copyPixCode(p.window);
    p.button.click();
    await settle();
    expect(p.copied).toEqual([p.code.value]);
    expect(p.code.value).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    expect(p.status()).toBe(blocksStrings.pixCopied);
    expect(p.errors).toEqual([]);
  });

  it("selects the code for the visitor to copy when the clipboard refuses", async () => {
    const p = page({ clipboard: "refuses" });
    copyPixCode(p.window);
    p.button.click();
    await settle();
    expect([p.code.selectionStart, p.code.selectionEnd]).toEqual([0, p.code.value.length]);
    expect(p.status()).toBe("");
  });

  it("copies by the older command where there is no clipboard", () => {
    const p = page({ clipboard: "missing" });
    copyPixCode(p.window);
    p.button.click();
    expect(p.commands).toEqual(["copy"]);
    expect([p.code.selectionStart, p.code.selectionEnd]).toEqual([0, p.code.value.length]);
    expect(p.status()).toBe(blocksStrings.pixCopied);
  });

  it("opening the block counts a click; copying does not count again", async () => {
    const p = page();
    countVisits(p.window);
    copyPixCode(p.window);
    p.document.querySelector("details")!.open = true;
    await settle();
    p.button.click();
    await settle();
    expect(p.beacons.map((b) => b.path)).toEqual(["/api/profiles/ana/view", "/api/links/b1/click"]);
  });
});
