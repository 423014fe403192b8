/** @jest-environment jsdom */
import { reactDomVersions } from "./next-react.test-setup";
import { act, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { useForm } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { drawnRegister } from "./drawn-register";

test("runs on the React build Next ships", () => {
  const { used, npm } = reactDomVersions();
  expect(used).toMatch(/canary/);
  expect(used).not.toBe(npm);
});

// A page the server drew, typed into before React hydrates it (its scripts
// still on their way), then hydrated: what was typed must reach the fields'
// handlers (React Hook Form's values, a controlled field's state), not only
// stay on screen.

type Values = { name: string; bio: string; indexable: boolean };
const DRAWN: Values = { name: "Ana", bio: "Fotógrafa", indexable: true };
const seen: { form?: () => Values; search?: string } = {};

function Page() {
  const { register, getValues } = useForm<Values>({ defaultValues: DRAWN });
  const drawn = drawnRegister(register, DRAWN);
  const [search, setSearch] = useState("");
  seen.form = () => getValues();
  seen.search = search;
  return (
    <main>
      <form>
        <Input aria-label="Nome" {...drawn("name")} />
        <Textarea aria-label="Bio" {...drawn("bio")} />
        <Checkbox aria-label="Indexável" {...drawn("indexable")} />
      </form>
      <Input aria-label="Busca" value={search} onChange={(e) => setSearch(e.target.value)} />
      <Input aria-label="Intocado" defaultValue="igual" />
    </main>
  );
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

function drawnPage() {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  const field = <E extends HTMLElement>(label: string) => container.querySelector<E>(`[aria-label="${label}"]`)!;
  return { container, field };
}

/** What the browser does with a key pressed into a field React does not have yet: the text changes, no handler runs. */
function typeNatively(el: HTMLInputElement | HTMLTextAreaElement, text: string) {
  el.value = text;
  el.dispatchEvent(new Event("input", { bubbles: true }));
}

async function hydrate(container: HTMLElement) {
  // The scripts run in a later task than the one that drew the page (and than the person's keys).
  await new Promise((resolve) => setTimeout(resolve, 0));
  await act(async () => {
    root = hydrateRoot(container, <Page />);
  });
  // The hand-over runs once the commit that hydrated the field is done.
  await act(async () => {
    await Promise.resolve();
  });
}

test("text typed and a box unticked before hydration reach React Hook Form and a controlled field's state", async () => {
  const { container, field } = drawnPage();
  typeNatively(field<HTMLInputElement>("Nome"), "Ana Souza");
  typeNatively(field<HTMLTextAreaElement>("Bio"), "");
  field<HTMLInputElement>("Indexável").checked = false;
  typeNatively(field<HTMLInputElement>("Busca"), "joao");

  await hydrate(container);

  expect(seen.form!()).toEqual({ name: "Ana Souza", bio: "", indexable: false });
  expect(seen.search).toBe("joao");
  // And on screen, React Hook Form did not write its default over it.
  expect(field<HTMLInputElement>("Nome").value).toBe("Ana Souza");
  expect(field<HTMLTextAreaElement>("Bio").value).toBe("");
  expect(field<HTMLInputElement>("Indexável").checked).toBe(false);
  expect(field<HTMLInputElement>("Busca").value).toBe("joao");
});

test("fields nobody touched keep the drawn values, and no handler is called for them", async () => {
  const { container, field } = drawnPage();
  const inputs: string[] = [];
  container.addEventListener("input", (e) => inputs.push((e.target as HTMLElement).getAttribute("aria-label")!), true);

  await hydrate(container);

  expect(seen.form!()).toEqual(DRAWN);
  expect(seen.search).toBe("");
  expect(field<HTMLInputElement>("Intocado").value).toBe("igual");
  expect(inputs).toEqual([]);
});

test("after hydration, typing is React's alone: a re-render hands nothing over again", async () => {
  const { container, field } = drawnPage();
  typeNatively(field<HTMLInputElement>("Nome"), "Ana S");
  await hydrate(container);
  const inputs: string[] = [];
  container.addEventListener("input", (e) => inputs.push((e.target as HTMLInputElement).value), true);

  // The person goes on typing once React has the page; each key re-renders the controlled field's component.
  await act(async () => {
    const search = field<HTMLInputElement>("Busca");
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with .call(search)
    const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    set.call(search, "m");
    search.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await act(async () => {
    await Promise.resolve();
  });

  expect(seen.search).toBe("m");
  expect(inputs).toEqual(["m"]);
  expect(seen.form!().name).toBe("Ana S");
});
