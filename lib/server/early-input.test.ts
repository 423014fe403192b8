/** @jest-environment jsdom */
import { EARLY_INPUT_SCRIPT } from "./early-input";

// The page as the browser has it before React: plain HTML, this script at the start of <body>.
// Each test has a document of its own (with the script run on it alone).
let document: Document;
const run = () => new Function("document", EARLY_INPUT_SCRIPT)(document);
function page() {
  document = window.document.implementation.createHTMLDocument("");
  document.body.innerHTML =
    '<form id="f"><input id="title" name="title"/><input id="remember" type="checkbox"/><button id="send" type="submit">Enviar</button></form>' +
    '<button id="menu" type="button">Menu</button><a id="away" href="#elsewhere">Sair</a>';
  run();
  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  return { form: $<HTMLFormElement>("f"), title: $<HTMLInputElement>("title"), remember: $<HTMLInputElement>("remember"), send: $<HTMLButtonElement>("send"), menu: $<HTMLButtonElement>("menu") };
}

/** React hydrates the page (the root layout's effect marks <html>), then the script notices on its next look. */
const markHydrated = () => document.documentElement.setAttribute("data-hydrated", "");
async function hydrate() {
  markHydrated();
  await new Promise((r) => setTimeout(r, 120));
}

it("is written into the page as is (dangerouslySetInnerHTML): a fixed text nothing of a request enters, that cannot end its <script> element", () => {
  expect(EARLY_INPUT_SCRIPT).not.toMatch(/<\/|<!--|<script/i);
  expect(() => new Function(EARLY_INPUT_SCRIPT)).not.toThrow();
});

describe("what a visitor does before React has that part of the page", () => {
  it("holds a submit (no native submission), then submits once React has the form, with its button", async () => {
    const { form, title, send } = page();
    const submits: Array<HTMLElement | null> = [];
    form.addEventListener("submit", (e) => {
      submits.push(e.submitter);
      e.preventDefault();
    });
    title.value = "Minha loja";
    const native = new Event("submit", { bubbles: true, cancelable: true });
    Object.defineProperty(native, "submitter", { value: send });
    expect(form.dispatchEvent(native)).toBe(false); // cancelled: the browser does not send it
    expect(submits).toEqual([]);
    await new Promise((r) => setTimeout(r, 120)); // React does not have the page yet: still held
    expect(submits).toEqual([]);
    await hydrate();
    expect(submits).toEqual([send]);
  });

  it("submits a form pressed twice (or Enter, then its button) once", async () => {
    const { form, title, send } = page();
    let submits = 0;
    form.addEventListener("submit", (e) => {
      submits++;
      e.preventDefault();
    });
    for (let i = 0; i < 2; i++) {
      const native = new Event("submit", { bubbles: true, cancelable: true });
      Object.defineProperty(native, "submitter", { value: send });
      expect(form.dispatchEvent(native)).toBe(false);
    }
    expect(title.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }))).toBe(false);
    await hydrate();
    expect(submits).toBe(1);
  });

  it("holds Enter in a field as its form's submit", async () => {
    const { form, title } = page();
    let submits = 0;
    form.addEventListener("submit", (e) => {
      submits++;
      e.preventDefault();
    });
    const enter = new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true });
    expect(title.dispatchEvent(enter)).toBe(false);
    await hydrate();
    expect(submits).toBe(1);
  });

  it("presses a held button again, once, and leaves links alone", async () => {
    const { menu } = page();
    const presses: boolean[] = [];
    menu.addEventListener("click", (e) => presses.push(e.defaultPrevented));
    menu.click();
    expect(presses).toEqual([]); // held: nothing of the page's own heard it
    const link = document.getElementById("away")!;
    const follow = new MouseEvent("click", { bubbles: true, cancelable: true });
    expect(link.dispatchEvent(follow)).toBe(true);
    await hydrate();
    expect(presses).toEqual([false]);
    menu.click();
    expect(presses).toEqual([false, false]); // React has it: not held any more
  });

  it("hands what was typed and ticked to the fields' handlers, before the held submit", async () => {
    const { form, title, remember } = page();
    title.value = "Minha loja";
    title.dispatchEvent(new Event("input", { bubbles: true }));
    remember.click();
    form.requestSubmit();
    const seen: string[] = [];
    title.addEventListener("input", () => seen.push(`title=${title.value}`));
    remember.addEventListener("click", () => seen.push(`remember=${remember.checked}`));
    form.addEventListener("submit", (e) => {
      seen.push("submit");
      e.preventDefault();
    });
    await hydrate();
    expect(seen).toEqual(["title=Minha loja", "remember=true", "submit"]);
    expect(title.value).toBe("Minha loja");
    expect(remember.checked).toBe(true);
  });

  it("never writes an older value over what was typed once React had the field", async () => {
    const { title } = page();
    title.value = "Ana S";
    title.dispatchEvent(new Event("input", { bubbles: true }));
    markHydrated(); // React takes the page over; the visitor goes on typing
    title.value = "Ana Souza";
    title.dispatchEvent(new Event("input", { bubbles: true }));
    const seen: string[] = [];
    title.addEventListener("input", () => seen.push(title.value));
    await hydrate();
    expect(title.value).toBe("Ana Souza");
    expect(seen).toEqual([]);
  });

  it("holds nothing React already has", () => {
    document = window.document.implementation.createHTMLDocument("");
    document.body.innerHTML = '<button id="b" type="button">b</button>';
    run();
    const b = document.getElementById("b")!;
    document.documentElement.setAttribute("data-hydrated", "");
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    expect(b.dispatchEvent(click)).toBe(true);
  });

  it("lets a press go after a few seconds when React never takes the button over, but never submits a form natively", () => {
    jest.useFakeTimers();
    try {
      const { form, menu } = page();
      let pressed = 0;
      menu.addEventListener("click", () => pressed++);
      const submitted: boolean[] = [];
      form.addEventListener("submit", (e) => submitted.push(e.defaultPrevented));
      menu.click();
      jest.advanceTimersByTime(5_000);
      expect(pressed).toBe(0);
      jest.advanceTimersByTime(5_000);
      expect(pressed).toBe(1);
      form.requestSubmit();
      jest.advanceTimersByTime(60_000);
      expect(submitted).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });
});
