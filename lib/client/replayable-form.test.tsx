/** @jest-environment jsdom */
import { reactDomVersions } from "./next-react.test-setup";
import { act } from "react";
import { useFormStatus } from "react-dom";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { useReplayableForm } from "./replayable-form";

test("runs on the React build Next ships", () => {
  const { used, npm } = reactDomVersions();
  expect(used).toMatch(/canary/);
  expect(used).not.toBe(npm);
});

// The form as the server draws it, with React's own form-replaying script (in
// the server's HTML; run here by hand, as the browser runs it), submitted
// before React hydrates it, then hydrated: React makes the submit through the
// form's action, once, and the form keeps what was typed. Once React has it,
// a press sends in a transition: React marks the form pending, and its button
// (useFormStatus) is disabled until the request is answered.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const sent: string[] = [];
let resets = 0;
let pendingSeen = false;
/** The request an action is waiting for: answered by the test (`answer()`), or at once where the test does not hold it. */
let held: Promise<void> | null = null;
let answer = () => {};

function Submit() {
  const { pending } = useFormStatus();
  if (pending) pendingSeen = true;
  return <button disabled={pending}>Enviar</button>;
}

function Page() {
  const form = useReplayableForm(async () => {
    sent.push(document.querySelector<HTMLInputElement>("[name=texto]")!.value);
    await (held ?? new Promise((resolve) => setTimeout(resolve, 20)));
  });
  return (
    <form {...form}>
      <input name="texto" aria-label="Texto" defaultValue="antes" />
      <Submit />
    </form>
  );
}

let root: Root | null = null;
beforeEach(() => {
  sent.length = 0;
  resets = 0;
  held = null;
  pendingSeen = false;
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  delete (document as { $$reactFormReplay?: unknown }).$$reactFormReplay;
});

function drawnPage() {
  const html = renderToString(<Page />);
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  const runtime = container.querySelector("script");
  expect(runtime?.textContent).toContain("$$reactFormReplay");
  // What the browser does with the inline script as the document arrives.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running React's inline script is the test
  new Function(runtime!.textContent)();
  const form = container.querySelector("form")!;
  form.addEventListener("reset", () => (resets += 1));
  return { container, form, input: container.querySelector<HTMLInputElement>("[name=texto]")!, button: container.querySelector("button")! };
}

async function hydrate(container: HTMLElement) {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await act(async () => {
    root = hydrateRoot(container, <Page />);
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 60));
  });
}

test("a submit made twice before hydration is sent once after it, with what was typed, and the form is not reset", async () => {
  const { container, form, input, button } = drawnPage();
  expect(form.getAttribute("action")).toMatch(/^javascript:/);
  input.value = "depois";
  button.click();
  button.click();
  expect(sent).toEqual([]);
  expect((document as { $$reactFormReplay?: unknown[] }).$$reactFormReplay).toHaveLength(6); // two submits, kept by React's script

  await hydrate(container);

  expect(sent).toEqual(["depois"]);
  // React reset the form once its actions were done; that reset was refused.
  expect(resets).toBe(1);
  expect(input.value).toBe("depois");

  // A reset asked for afterwards (React Hook Form's reset()) is not refused.
  form.reset();
  expect(input.value).toBe("antes");
});

test("once React has the form, a press sends in a transition: the button is disabled while it is on its way, a second press sends nothing, and React resets nothing", async () => {
  const { container, input, button } = drawnPage();
  await hydrate(container);
  input.value = "agora";
  // The request stays on its way until the test answers it (a timer would
  // end it early on a loaded machine).
  held = new Promise<void>((resolve) => (answer = resolve));
  await act(async () => {
    button.click();
  });
  // React marked the form pending (useFormStatus): the button is disabled for the second press.
  expect(button.disabled).toBe(true);
  await act(async () => {
    button.click();
  });
  expect(sent).toEqual(["agora"]);
  await act(async () => {
    answer();
    await held;
  });
  held = null;
  expect(pendingSeen).toBe(true);
  expect(sent).toEqual(["agora"]);
  expect(button.disabled).toBe(false);
  expect(resets).toBe(0);
  expect(input.value).toBe("agora");
});
