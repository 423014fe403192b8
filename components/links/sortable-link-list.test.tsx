/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { FIRST_ROWS, SortableLinkList, moved } from "./sortable-link-list";
import { linkDto } from "@/tests/helpers/link-dto";

const link = (id: string, title: string) => linkDto({ id, title, url: `https://${id}.example.com` });
const LINKS = [link("a", "Um"), link("b", "Dois"), link("c", "Três")];

function list(links = LINKS) {
  const onReorder = jest.fn();
  const view = render(<SortableLinkList links={links} label="Meus Links" onReorder={onReorder} onMove={() => {}} onToggle={() => {}} onDelete={() => {}} />);
  return { onReorder, view };
}
const titles = () => screen.getAllByTestId("link-title").map((e) => e.textContent);
const handle = (title: string) => screen.getByRole("button", { name: `Reordenar ${title}` });
const key = (title: string, k: string) => fireEvent.keyDown(handle(title), { key: k });

test("the keyboard lifts a row with space, moves it with the arrows, drops it with Enter: one reorder, said in pt-BR, focus kept", () => {
  const { onReorder, view } = list();
  handle("Um").focus();
  key("Um", " ");
  expect(screen.getByTestId("drag-said")).toHaveTextContent("Um levantado, na posição 1 de 3.");
  key("Um", "ArrowDown");
  key("Um", "ArrowDown");
  key("Um", "ArrowDown"); // the last place: stays there
  expect(titles()).toEqual(["Dois", "Três", "Um"]);
  expect(screen.getByTestId("drag-said")).toHaveTextContent("Um na posição 3 de 3.");
  expect(document.activeElement).toBe(handle("Um"));
  expect(onReorder).not.toHaveBeenCalled();
  key("Um", "Enter");
  expect(onReorder).toHaveBeenCalledTimes(1);
  expect(onReorder).toHaveBeenCalledWith(0, 2);
  expect(screen.getByTestId("drag-said")).toHaveTextContent("Um solto na posição 3 de 3.");
  // Shown where it was dropped until the list has the new order, then as the list says.
  expect(titles()).toEqual(["Dois", "Três", "Um"]);
  view.rerender(
    <SortableLinkList links={moved(LINKS, 0, 2)} label="Meus Links" onReorder={onReorder} onMove={() => {}} onToggle={() => {}} onDelete={() => {}} />,
  );
  expect(titles()).toEqual(["Dois", "Três", "Um"]);
  // A failed save puts the old order back: the list shows it.
  view.rerender(<SortableLinkList links={LINKS} label="Meus Links" onReorder={onReorder} onMove={() => {}} onToggle={() => {}} onDelete={() => {}} />);
  expect(titles()).toEqual(["Um", "Dois", "Três"]);
});

test("Esc puts a lifted row back and sends nothing; dropping it where it was sends nothing", () => {
  const { onReorder } = list();
  handle("Dois").focus();
  key("Dois", " ");
  key("Dois", "ArrowUp");
  expect(titles()).toEqual(["Dois", "Um", "Três"]);
  key("Dois", "Escape");
  expect(titles()).toEqual(["Um", "Dois", "Três"]);
  expect(screen.getByTestId("drag-said")).toHaveTextContent("Movimento cancelado. Dois voltou à posição 2.");
  key("Dois", " ");
  key("Dois", "ArrowDown");
  key("Dois", "ArrowUp");
  key("Dois", " ");
  expect(onReorder).not.toHaveBeenCalled();
  expect(titles()).toEqual(["Um", "Dois", "Três"]);
});

test("keys on a row that is not lifted, or other keys, do nothing; the handle is described in pt-BR", () => {
  const { onReorder } = list();
  key("Três", "ArrowUp");
  key("Três", "a");
  expect(titles()).toEqual(["Um", "Dois", "Três"]);
  expect(handle("Um")).toHaveAccessibleDescription(/pressione espaço ou Enter, use as setas/);
  expect(onReorder).not.toHaveBeenCalled();
});

test("a pointer over the list loads drag and drop; the rows are drawn inside it and the focused control keeps focus", async () => {
  list();
  const toggle = screen.getByRole("switch", { name: "Mostrar Dois no perfil" });
  toggle.focus();
  expect(screen.getByRole("list", { name: "Meus Links" })).not.toHaveAttribute("data-drag");
  await act(async () => {
    fireEvent.pointerEnter(screen.getByRole("list", { name: "Meus Links" }).parentElement!);
  });
  // Asked for in the task after the pointer's (a press on its way goes first).
  await waitFor(() => expect(screen.getByRole("list", { name: "Meus Links" })).toHaveAttribute("data-drag", "ready"));
  expect(titles()).toEqual(["Um", "Dois", "Três"]);
  expect(document.activeElement).toBe(screen.getByRole("switch", { name: "Mostrar Dois no perfil" }));
  expect(document.activeElement).not.toBe(toggle); // drawn again, not the same element
});

test("rows are not drawn again under a press in progress: the swap waits for the press to end", async () => {
  list();
  const edit = screen.getByRole("link", { name: "Editar Um" });
  fireEvent.pointerDown(edit);
  await act(async () => {
    fireEvent.pointerEnter(screen.getByRole("list", { name: "Meus Links" }).parentElement!);
    await new Promise((r) => setTimeout(r, 50));
  });
  expect(screen.getByRole("link", { name: "Editar Um" })).toBe(edit); // the same element: its click will land
  await act(async () => {
    fireEvent.pointerUp(edit);
    await new Promise((r) => setTimeout(r, 10));
  });
  expect(screen.getByRole("list", { name: "Meus Links" })).toHaveAttribute("data-drag", "ready");
  expect(screen.getByRole("link", { name: "Editar Um" })).not.toBe(edit);
});

test("an owner with more links than FIRST_ROWS gets the first ones and a button for the rest; moving past the last one drawn draws them all", () => {
  const many = Array.from({ length: FIRST_ROWS + 50 }, (_, i) => link(`l${i}`, `Link ${i + 1}`));
  const onMove = jest.fn();
  const view = render(<SortableLinkList links={many} label="Meus Links" onReorder={() => {}} onMove={onMove} onToggle={() => {}} onDelete={() => {}} />);
  expect(screen.getAllByTestId("link-row")).toHaveLength(FIRST_ROWS);
  fireEvent.click(screen.getByRole("button", { name: "Mostrar os outros 50 links" }));
  expect(screen.getAllByTestId("link-row")).toHaveLength(FIRST_ROWS + 50);
  expect(document.activeElement).toBe(handle(`Link ${FIRST_ROWS + 1}`));
  expect(screen.queryByRole("button", { name: /Mostrar os outros/ })).toBeNull();
  view.unmount();

  render(<SortableLinkList links={many} label="Meus Links" onReorder={() => {}} onMove={onMove} onToggle={() => {}} onDelete={() => {}} />);
  fireEvent.click(screen.getByRole("button", { name: `Mover Link ${FIRST_ROWS} para baixo` }));
  expect(onMove).toHaveBeenCalledWith(FIRST_ROWS - 1, 1);
  expect(screen.getAllByTestId("link-row")).toHaveLength(FIRST_ROWS + 50);
});

test("the keyboard carries a lifted row past the last one drawn: the rest are drawn", () => {
  const many = Array.from({ length: FIRST_ROWS + 1 }, (_, i) => link(`l${i}`, `Link ${i + 1}`));
  render(<SortableLinkList links={many} label="Meus Links" onReorder={() => {}} onMove={() => {}} onToggle={() => {}} onDelete={() => {}} />);
  expect(screen.getByRole("button", { name: "Mostrar o outro link" })).toBeVisible();
  handle(`Link ${FIRST_ROWS}`).focus();
  key(`Link ${FIRST_ROWS}`, " ");
  key(`Link ${FIRST_ROWS}`, "ArrowDown");
  expect(titles().slice(-2)).toEqual([`Link ${FIRST_ROWS + 1}`, `Link ${FIRST_ROWS}`]);
});
