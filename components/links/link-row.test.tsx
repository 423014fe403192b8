/** @jest-environment jsdom */
import { fireEvent, render, screen } from "@testing-library/react";
import type { LinkDto } from "@/lib/links/link-dto";
import { LinkRow } from "./link-row";
import { linkDto } from "@/tests/helpers/link-dto";

function row(url: string, extra: Partial<LinkDto> = {}) {
  const link = linkDto({ url, ...extra });
  return render(
    <ul>
      <LinkRow link={link} dragging={false} first last onMove={() => {}} onToggle={() => {}} onDelete={() => {}} />
    </ul>,
  );
}

test("a row shows the whole URL, cut by CSS, whole in title and text", () => {
  row("https://www.youtube.com/watch?v=abc");
  const host = screen.getByTestId("link-host");
  expect(host).toHaveTextContent("youtube.com/watch?v=abc");
  expect(host).toHaveClass("truncate");
  expect(host).toHaveAttribute("title", "https://www.youtube.com/watch?v=abc");
});

test("a link marked sensitive says so on its row; another does not", () => {
  row("https://exemplo.com/a", { sensitive: true });
  expect(screen.getByText("Sensível")).toHaveAttribute("title", "Quem abrir este link vê um aviso de conteúdo sensível antes");
  row("https://exemplo.com/b");
  expect(screen.getAllByText("Sensível")).toHaveLength(1);
});

test("the switch flips at the press, before the list is updated; the list's next version of the link decides (a rollback flips it back)", () => {
  const link = linkDto();
  // What the switch says when the request is asked for: already flipped.
  const seen: (string | null)[] = [];
  const onToggle = jest.fn(() => void seen.push(screen.getByRole("switch", { name: "Mostrar Vídeo no perfil" }).getAttribute("aria-checked")));
  const view = render(
    <ul>
      <LinkRow link={link} dragging={false} first last onMove={() => {}} onToggle={onToggle} onDelete={() => {}} />
    </ul>,
  );
  const toggle = screen.getByRole("switch", { name: "Mostrar Vídeo no perfil" });
  fireEvent.click(toggle);
  expect(toggle).toHaveAttribute("aria-checked", "false");
  expect(onToggle).toHaveBeenCalledWith(false);
  expect(onToggle).toHaveBeenCalledTimes(1);
  expect(seen).toEqual(["false"]);
  // The optimistic update, then the rollback after a refusal: each a new object.
  view.rerender(
    <ul>
      <LinkRow link={{ ...link, active: false }} dragging={false} first last onMove={() => {}} onToggle={onToggle} onDelete={() => {}} />
    </ul>,
  );
  expect(screen.getByRole("switch", { name: "Mostrar Vídeo no perfil" })).toHaveAttribute("aria-checked", "false");
  view.rerender(
    <ul>
      <LinkRow link={{ ...link }} dragging={false} first last onMove={() => {}} onToggle={onToggle} onDelete={() => {}} />
    </ul>,
  );
  expect(screen.getByRole("switch", { name: "Mostrar Vídeo no perfil" })).toHaveAttribute("aria-checked", "true");
});
