import type { Ref, RefCallback } from "react";
import { HYDRATED_ATTRIBUTE } from "./hydration";

type Field = HTMLInputElement | HTMLTextAreaElement;
type Early = { value: string } | { checked: boolean };

/**
 * A field the server drew can be typed into before React has hydrated it (its
 * page's scripts still on their way on a slow phone). React keeps that text on
 * screen, but its handlers never saw it: a controlled field's state still
 * holds the drawn value, and React Hook Form writes its default through the
 * field's ref as React takes the page, over what was typed. This ref, given to
 * every field of ours (components/ui/input.tsx, textarea.tsx,
 * components/auth/form-field.tsx), notices, the first time React attaches an
 * element, that its value is no longer the one in the HTML (`defaultValue`,
 * `defaultChecked`), lets the inner ref run, then hands the typed value to the
 * field's own handlers as the person's input would have: an `input` event (or
 * a click, for a checkbox). A field created by React itself starts at its
 * default, so this does nothing past hydration. A form submitted early is
 * React's: lib/client/replayable-form.ts.
 */
export function keepTyped<E extends Field>(ref: Ref<E> | undefined, kind?: "textarea"): RefCallback<E> {
  if (kind === "textarea") noteTypedTextareas();
  if (ref == null) return keepOnly;
  let kept = cache.get(ref);
  if (!kept) {
    kept = (element: Field | null) => attach(element, (el) => setRef(ref, el));
    cache.set(ref, kept);
  }
  return kept;
}

const seen = new WeakSet<Field>();
const cache = new WeakMap<object, RefCallback<Field>>();
const keepOnly: RefCallback<Field> = (element) => attach(element, () => {});

/**
 * A textarea is the exception: React, hydrating one whose text is still the
 * drawn one, writes that text back as its value, over what was typed, before
 * any ref runs. So while the page is not hydrated yet, each render of a
 * textarea of ours (which comes before React takes the element) first notes
 * what was typed into the page's textareas, once a task.
 */
const typedTextareas = new WeakMap<Field, Early>();
let notedThisTask = false;
function noteTypedTextareas() {
  if (typeof document === "undefined" || notedThisTask || document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)) return;
  notedThisTask = true;
  setTimeout(() => (notedThisTask = false), 0);
  for (const element of document.querySelectorAll("textarea")) {
    if (seen.has(element) || typedTextareas.has(element)) continue;
    const early = earlyInput(element);
    if (early) typedTextareas.set(element, early);
  }
}

function attach(element: Field | null, inner: (element: Field | null) => void) {
  const early = element && !seen.has(element) ? (typedTextareas.get(element) ?? earlyInput(element)) : null;
  if (element) {
    seen.add(element);
    typedTextareas.delete(element);
  }
  inner(element);
  // After the commit that hydrated it, with its handlers in place.
  if (element && early) queueMicrotask(() => handOver(element, early));
}

function setRef(ref: Ref<Field>, element: Field | null) {
  if (typeof ref === "function") ref(element);
  else if (ref) ref.current = element;
}

/** What the person changed in the field before React had it, if anything. */
export function earlyInput(element: Field): Early | null {
  if (element instanceof HTMLInputElement) {
    if (element.type === "checkbox" || element.type === "radio") return element.checked !== element.defaultChecked ? { checked: element.checked } : null;
    if (element.type === "file" || element.type === "hidden") return null;
  }
  return element.value !== element.defaultValue ? { value: element.value } : null;
}

function handOver(element: Field, early: Early) {
  if (!element.isConnected) return;
  if ("checked" in early) {
    // A radio button left is unchecked by the click on the one chosen.
    if (!(element instanceof HTMLInputElement) || (element.type === "radio" && !early.checked)) return;
    // The opposite first, so that the click lands on what was chosen and is seen as a change.
    element.checked = !early.checked;
    element.click();
    return;
  }
  // Through the element's own setter (the instance's one is React's record of
  // the last value it saw): set apart from the typed text first, so the event reads as a change.
  // (The instance's setter is the one React's change tracking puts on the field; the prototype's is the browser's.)
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with .call(element)
  const set = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), "value")?.set;
  if (!set) return;
  element.value = early.value === "" ? " " : "";
  set.call(element, early.value);
  element.dispatchEvent(new Event("input", { bubbles: true }));
}
