import { expect, type Locator, type Page } from "@playwright/test";

// Moving through a page with the keyboard alone, checking at every stop that
// the focused element shows it: its look (outline, ring, border, background,
// or its parent's for fields drawn by a wrapper) must change when focus leaves.

/** Transitions off, so a focus ring is compared in its final state. Call once per page (context). */
export async function withoutTransitions(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const style = document.createElement("style");
      style.textContent = "*,*::before,*::after{transition:none!important;animation:none!important}";
      document.head.append(style);
    });
  });
}

type Stop = { visible: boolean; left: string; now: string };

/** Records the focused element's look, and whether the one focused before looks different now. */
function recordFocus(): Stop {
  const look = (el: Element | null) =>
    [el, el?.parentElement, el?.parentElement?.parentElement]
      .filter((e): e is Element => Boolean(e))
      .map((e) => {
        const c = getComputedStyle(e);
        // An outline counts only when drawn: a colour change of a hidden outline shows nothing.
        const outline = c.outlineStyle !== "none" && parseFloat(c.outlineWidth) > 0 ? `${c.outlineStyle} ${c.outlineWidth} ${c.outlineColor}` : "none";
        return [outline, c.boxShadow, c.borderColor, c.backgroundColor, c.color, c.clip, c.width].join("|");
      })
      .join("||");
  const describe = (el: Element | null) =>
    el ? `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"` : "nothing";
  const w = window as unknown as { __focus?: { el: Element; look: string } };
  const previous = w.__focus;
  const el = document.activeElement;
  let visible = true;
  if (previous && previous.el !== el && previous.el.isConnected) visible = look(previous.el) !== previous.look;
  if (el && el !== document.body) w.__focus = { el, look: look(el) };
  return { visible, left: previous ? describe(previous.el) : "", now: describe(el) };
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has focus, checking visible focus on the way. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const stop = await page.evaluate(recordFocus);
    expect(stop.visible, `focus on ${stop.left} was visible`).toBe(true);
    if (await isFocused(target)) return;
  }
  throw new Error(`could not reach ${target.toString()} with ${back ? "Shift+Tab" : "Tab"}`);
}

/** Presses a key (ArrowDown in a menu...) until `target` has focus. */
export async function arrowTo(page: Page, target: Locator, key: string, max = 12) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}
